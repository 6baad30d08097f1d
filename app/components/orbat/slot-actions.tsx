import { useFetcher } from 'react-router'
import { INTENTS, LEAVE_CONFIRM, ORBAT_PATH } from './viewer.tsx'

// The buttons on a slot row. Plain forms posting to the /orbat action, so they work without JavaScript; with it a
// fetcher submits them in place and the action's redirect brings the flash toast and fresh data.

const buttonBase =
  'nodrag nopan inline-flex h-7 items-center justify-center rounded-md px-2.5 text-xs font-semibold transition disabled:cursor-wait disabled:opacity-60'

export function SignUpButton({ slotId, label }: { slotId: number; label: string }) {
  const fetcher = useFetcher()
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" action={ORBAT_PATH} className="nodrag nopan">
      <input type="hidden" name="intent" value={INTENTS.signup} />
      <input type="hidden" name="slotId" value={slotId} />
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={label}
        className={`${buttonBase} bg-brand-600 text-zinc-950 hover:bg-brand-500`}
      >
        Sign up
      </button>
    </fetcher.Form>
  )
}

/**
 * Leave asks 'Are you sure you want to leave this slot?' first. With JavaScript that is the browser's own confirm
 * dialog; without it the post carries no `confirmed` field and the action answers with the page's confirmation
 * panel (see LeaveConfirmPanel).
 */
export function LeaveButton({ slotId, label }: { slotId: number; label: string }) {
  const fetcher = useFetcher()
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form
      method="post"
      action={ORBAT_PATH}
      className="nodrag nopan"
      onSubmit={(event) => {
        event.preventDefault()
        if (!window.confirm(LEAVE_CONFIRM)) return
        void fetcher.submit({ intent: INTENTS.leave, slotId: String(slotId), confirmed: 'yes' }, { method: 'post', action: ORBAT_PATH })
      }}
    >
      <input type="hidden" name="intent" value={INTENTS.leave} />
      <input type="hidden" name="slotId" value={slotId} />
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={label}
        className={`${buttonBase} border border-red-500/50 text-red-300 hover:border-red-400 hover:bg-red-950/60 hover:text-red-200`}
      >
        Leave
      </button>
    </fetcher.Form>
  )
}
