import { isOpenStatus, RECRUITMENT_INTENTS, type ApplicantApplication } from '#contracts/recruitment.ts'
import { MyApplication } from '#app/components/recruitment.tsx'
import { smallDangerButton } from '#app/ui/button.ts'
import { ConfirmButtonForm } from '#app/ui/confirm.tsx'
import { confirmKeyOf, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { Section } from '#app/ui/field.tsx'

// An applicant's applications to join (docs/rules/recruitment.md): each with its status, the reason of a rejection
// (never the recruiters' comments) and its history; an open one can be withdrawn. Works without JavaScript.

const WITHDRAW_CONFIRM = 'Withdraw your application? You can apply again at any time.'

export function ApplicationsSection({ applications }: { applications: ApplicantApplication[] }) {
  return (
    <Section title="Your applications" description="Where your application to join the unit stands.">
      <DeleteConfirmStep
        intent={RECRUITMENT_INTENTS.withdraw}
        items={applications}
        message={() => WITHDRAW_CONFIRM}
        confirmLabel="Withdraw"
      />
      {applications.map((application) => (
        <MyApplication
          key={application.id}
          application={application}
          actions={
            isOpenStatus(application.status) ? (
              <ConfirmButtonForm
                formKey={confirmKeyOf(RECRUITMENT_INTENTS.withdraw, application.id)}
                intent={RECRUITMENT_INTENTS.withdraw}
                fields={{ id: application.id }}
                confirm={WITHDRAW_CONFIRM}
                label="Withdraw application"
                className={smallDangerButton}
              />
            ) : null
          }
        />
      ))}
    </Section>
  )
}
