import type { TrainingItem, TrainingSignupItem } from '#contracts/trainings.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { smallDangerButton } from '#app/ui/button.ts'
import { CancelLink, UrlDialog } from '#app/ui/dialog.tsx'
import { HiddenFields } from '#app/ui/field.tsx'
import { Avatar } from '#app/ui/avatar.tsx'

// View Signups (the Trainings tab's menu): who signed up, with Remove. The dialog stays open after a removal.

export const REMOVE_SIGNUP = 'remove-signup'

export function SignupsDialog({
  training,
  signups,
  closeHref,
}: {
  training: TrainingItem
  signups: TrainingSignupItem[]
  closeHref: string
}) {
  const { Form, action, hidden, busy } = useFormPost('remove-signup')
  return (
    <UrlDialog title={`Signups: ${training.name}`} description={`${signups.length} signed up.`} closeHref={closeHref}>
      {signups.length === 0 ? (
        <p className="py-4 text-center text-sm text-zinc-400">No one has signed up yet.</p>
      ) : (
        <ul
          className="max-h-96 divide-y divide-zinc-800 overflow-y-auto rounded-md border border-zinc-800"
          data-testid="signup-list"
        >
          {signups.map((signup) => (
            <li key={signup.id} className="flex items-center gap-3 px-3 py-2">
              <Avatar src={signup.avatar} name={signup.ingame_name} size={8} />
              <span className="min-w-0 flex-1 truncate text-sm text-zinc-100">{signup.ingame_name}</span>
              <span className="rounded bg-zinc-800 px-1.5 py-0.5 text-xs font-medium text-zinc-300">{signup.rank}</span>
              <Form method="post" action={action}>
                {hidden}
                <HiddenFields fields={{ intent: REMOVE_SIGNUP, id: training.id, memberId: signup.id }} />
                <button
                  type="submit"
                  className={smallDangerButton}
                  disabled={busy}
                  aria-label={`Remove ${signup.ingame_name}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex justify-end">
        <CancelLink href={closeHref} label="Close" />
      </div>
    </UrlDialog>
  )
}
