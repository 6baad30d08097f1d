import { useFetcher } from 'react-router'
import { INTENTS, LEAVE_CONFIRM, ORBAT_PATH } from './viewer.tsx'

// The buttons on a slot row. Plain forms posting to the /orbat action, so they work without JavaScript; with it a
// fetcher submits them in place and the action's redirect brings the flash toast and fresh data.

const buttonBase =
  'nodrag nopan inline-flex h-7 items-center justify-center rounded-md px-2.5 text-xs font-semibold transition disabled:cursor-wait disabled:opacity-60'

/** One slot action: a fetcher form posting `intent` and the slot id to the page's action. */
function SlotActionForm({ slotId, label, intent, text, look, confirm }: { slotId: number; label: string; intent: string; text: string; look: string; confirm?: string }) {
  const fetcher = useFetcher()
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form
      method="post"
      action={ORBAT_PATH}
      className="nodrag nopan"
      onSubmit={
        confirm
          ? (event) => {
              event.preventDefault()
              if (!window.confirm(confirm)) return
              void fetcher.submit({ intent, slotId: String(slotId), confirmed: 'yes' }, { method: 'post', action: ORBAT_PATH })
            }
          : undefined
      }
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="slotId" value={slotId} />
      <button type="submit" disabled={busy} aria-busy={busy || undefined} aria-label={label} className={`${buttonBase} ${look}`}>
        {text}
      </button>
    </fetcher.Form>
  )
}

export function SignUpButton({ slotId, label }: { slotId: number; label: string }) {
  return <SlotActionForm slotId={slotId} label={label} intent={INTENTS.signup} text="Sign up" look="bg-brand-600 text-zinc-950 hover:bg-brand-500" />
}

/**
 * Leave asks 'Are you sure you want to leave this slot?' first. With JavaScript that is the browser's own confirm
 * dialog; without it the post carries no `confirmed` field and the action answers with the page's confirmation
 * panel (see LeaveConfirmPanel).
 */
export function LeaveButton({ slotId, label }: { slotId: number; label: string }) {
  return (
    <SlotActionForm
      slotId={slotId}
      label={label}
      intent={INTENTS.leave}
      text="Leave"
      confirm={LEAVE_CONFIRM}
      look="border border-red-500/50 text-red-300 hover:border-red-400 hover:bg-red-950/60 hover:text-red-200"
    />
  )
}
