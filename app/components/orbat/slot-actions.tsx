import { useFetcher, useLocation } from 'react-router'
import type { Refusal } from '#contracts/orbat-rights.ts'
import { hrefWithState } from '#app/hooks/url-state.ts'
import { buttonClass, type ButtonSize } from '#app/ui/button.ts'
import { confirmBeforeSubmit } from '#app/ui/confirm.tsx'
import type { SlotAction } from './rows.ts'
import { INTENTS, LEAVE_CONFIRM } from './viewer.tsx'

// The buttons on a slot row (the diagram's cards and the phone list). Plain forms posting to the /orbat action, so
// they work without JavaScript; with it a fetcher submits them in place and the action's redirect brings the flash
// toast and fresh data.

/** One slot action: a fetcher form posting `intent` and the slot id to the page's action; `confirm` asks first (app/ui/confirm.tsx). */
function SlotActionForm({
  slotId,
  label,
  intent,
  text,
  look,
  confirm,
}: {
  slotId: number
  label: string
  intent: string
  text: string
  look: string
  confirm?: string
}) {
  const fetcher = useFetcher()
  const busy = fetcher.state !== 'idle'
  // Posted to the page as it is, so the answer comes back to it (the list's squad filter kept).
  const page = hrefWithState(useLocation())
  return (
    <fetcher.Form
      method="post"
      action={page}
      className="nodrag nopan"
      onSubmit={confirm ? confirmBeforeSubmit(confirm) : undefined}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="slotId" value={slotId} />
      {confirm ? <input type="hidden" name="confirmed" value="" /> : null}
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={label}
        className={`nodrag nopan ${look}`}
      >
        {text}
      </button>
    </fetcher.Form>
  )
}

function SignUpButton({ slotId, label, size = 'xs' }: { slotId: number; label: string; size?: ButtonSize }) {
  return (
    <SlotActionForm
      slotId={slotId}
      label={label}
      intent={INTENTS.signup}
      text="Sign up"
      look={buttonClass('primary', size)}
    />
  )
}

/**
 * Leave asks 'Are you sure you want to leave this slot?' first. With JavaScript that is the app's confirm dialog
 * (app/ui/confirm.tsx); without it the post carries no confirmation and the action answers with the page's confirm step.
 */
function LeaveButton({ slotId, label, size = 'xs' }: { slotId: number; label: string; size?: ButtonSize }) {
  return (
    <SlotActionForm
      slotId={slotId}
      label={label}
      intent={INTENTS.leave}
      text="Leave"
      confirm={LEAVE_CONFIRM}
      look={buttonClass('danger', size)}
    />
  )
}

/** An action the server would refuse: a disabled control whose text is the short reason, its name the whole one. */
function RefusedAction({ refusal, action, size = 'xs' }: { refusal: Refusal; action: string; size?: ButtonSize }) {
  return (
    <button
      type="button"
      disabled
      aria-label={`${action}: ${refusal.reason}`}
      title={refusal.reason}
      className={`nodrag nopan ${buttonClass('secondary', size)}`}
    >
      {refusal.label}
    </button>
  )
}

/** The control a slot row shows for the viewer's action on it (nothing when there is none). */
export function SlotActionControl({
  action,
  slotId,
  role,
  squadName,
  size,
}: {
  action: SlotAction
  slotId: number
  role: string
  squadName: string
  size?: ButtonSize
}) {
  const where = `${role} in ${squadName}`
  switch (action.kind) {
    case 'signup':
      return <SignUpButton slotId={slotId} label={`Sign up for ${where}`} size={size} />
    case 'leave':
      return <LeaveButton slotId={slotId} label={`Leave ${where}`} size={size} />
    case 'refused':
      return <RefusedAction refusal={action} action={`Sign up for ${where}`} size={size} />
    case 'none':
      return null
  }
}
