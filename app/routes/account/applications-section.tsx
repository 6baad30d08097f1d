import { useMemo } from 'react'
import { isOpenStatus, RECRUITMENT_INTENTS, type ApplicantApplication } from '#contracts/recruitment.ts'
import { MyApplication, type MyApplicationTexts } from '#app/components/recruitment.tsx'
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
  const t = useT('account.applications')
  const dialog = useConfirmTexts()
  const texts = useMemo<MyApplicationTexts>(
    () => ({
      applicationOf: (date) => t.rich('applicationOf', { date: () => date }),
      status: (status) => t(`status.${status}`),
      reason: (reason, label) => t.rich('reason', { reason, label }),
      welcome: t('welcome'),
      leftRoster: t('leftRoster'),
      answers: t('answers'),
      history: {
        label: t('history.label'),
        line: (entry) => {
          if (entry.kind === 'submitted') return t('history.submitted')
          if (entry.kind === 'withdrawn') return t('history.withdrawn')
          if (entry.kind === 'assigned') {
            const assignee = entry.note ?? t('history.nobody')
            return entry.by ? t('history.assignedBy', { assignee, by: entry.by }) : t('history.assigned', { assignee })
          }
          const status = entry.to_status ? t(`status.${entry.to_status}`) : ''
          return entry.by ? t('history.movedBy', { status, by: entry.by }) : t('history.moved', { status })
        },
      },
    }),
    [t],
  )
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
