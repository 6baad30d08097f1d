import { isOpenStatus, RECRUITMENT_INTENTS, type ApplicantApplication } from '#contracts/recruitment.ts'
import { useApplicationTexts } from '#app/components/application-texts.ts'
import { MyApplication } from '#app/components/recruitment.tsx'
import { smallDangerButton } from '#app/ui/button.ts'
import { ConfirmButtonForm } from '#app/ui/confirm.tsx'
import { confirmKeyOf, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { Section } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { useConfirmTexts } from './kit-texts.ts'

// An applicant's applications to join (docs/rules/recruitment.md): each with its status, the reason of a rejection
// (never the recruiters' comments) and its history; an open one can be withdrawn. Works without JavaScript. The
// answers, the reason and the names in the history are people's own words.

export function ApplicationsSection({ applications }: { applications: ApplicantApplication[] }) {
  const t = useT('applications')
  const dialog = useConfirmTexts()
  const texts = useApplicationTexts()
  const withdrawConfirm = t('withdrawConfirm')
  return (
    <Section title={t('title')} description={t('description')}>
      <DeleteConfirmStep
        intent={RECRUITMENT_INTENTS.withdraw}
        items={applications}
        message={() => withdrawConfirm}
        confirmLabel={t('withdraw')}
        cancelLabel={dialog.cancel}
      />
      {applications.map((application) => (
        <MyApplication
          key={application.id}
          application={application}
          texts={texts}
          actions={
            isOpenStatus(application.status) ? (
              <ConfirmButtonForm
                formKey={confirmKeyOf(RECRUITMENT_INTENTS.withdraw, application.id)}
                intent={RECRUITMENT_INTENTS.withdraw}
                fields={{ id: application.id }}
                confirm={withdrawConfirm}
                dialog={dialog}
                label={t('withdrawApplication')}
                className={smallDangerButton}
              />
            ) : null
          }
        />
      ))}
    </Section>
  )
}
