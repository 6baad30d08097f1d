import { useFetcher } from 'react-router'
import { buttonClass } from '#app/ui/button.ts'
import { confirmBeforeSubmit } from '#app/ui/confirm.tsx'
import { INTENTS, LEAVE_CONFIRM, ORBAT_PATH } from './viewer.tsx'

// The buttons on a slot row. Plain forms posting to the /orbat action, so they work without JavaScript; with it a
// fetcher submits them in place and the action's redirect brings the flash toast and fresh data.

/** One slot action: a fetcher form posting `intent` and the slot id to the page's action; `confirm` asks first (app/ui/confirm.tsx). */
function SlotActionForm({ slotId, label, intent, text, look, confirm }: { slotId: number; label: string; intent: string; text: string; look: string; confirm?: string }) {
  const fetcher = useFetcher()
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" action={ORBAT_PATH} className="nodrag nopan" onSubmit={confirm ? confirmBeforeSubmit(confirm) : undefined}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="slotId" value={slotId} />
      {confirm ? <input type="hidden" name="confirmed" value="" /> : null}
      <button type="submit" disabled={busy} aria-busy={busy || undefined} aria-label={label} className={`nodrag nopan ${look}`}>
        {text}
      </button>
    </fetcher.Form>
  )
}

export function SignUpButton({ slotId, label }: { slotId: number; label: string }) {
  return <SlotActionForm slotId={slotId} label={label} intent={INTENTS.signup} text="Sign up" look={buttonClass('primary', 'xs')} />
}

/**
 * Leave asks 'Are you sure you want to leave this slot?' first. With JavaScript that is the browser's own confirm
 * dialog; without it the post carries no confirmation and the action answers with the page's confirm step.
 */
export function LeaveButton({ slotId, label }: { slotId: number; label: string }) {
  return <SlotActionForm slotId={slotId} label={label} intent={INTENTS.leave} text="Leave" confirm={LEAVE_CONFIRM} look={buttonClass('danger', 'xs')} />
}
