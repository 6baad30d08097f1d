import { useFetcher, useLocation } from 'react-router'
import type { Refusal } from '#contracts/orbat-rights.ts'
import { useT } from '#app/ui/i18n.tsx'
import { hrefWithState } from '#app/hooks/url-state.ts'
import { buttonClass, type ButtonSize } from '#app/ui/button.ts'
import { confirmBeforeSubmit, type DialogLabels } from '#app/ui/confirm.tsx'
import { useRefusalTexts } from './refusal-texts.tsx'
import type { SlotAction } from './rows.ts'
import { INTENTS } from './viewer.tsx'

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
  confirm?: { message: string } & DialogLabels
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
      onSubmit={confirm ? confirmBeforeSubmit(confirm.message, confirm) : undefined}
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

/** Which slot a control is for, as its accessible name says it: "Sign up for Medic in Alpha". */
type Where = { role: string; squad: string }

function SignUpButton({ slotId, where, size = 'xs' }: { slotId: number; where: Where; size?: ButtonSize }) {
  const t = useT('orbat')
  return (
    <SlotActionForm
      slotId={slotId}
      label={t('signUpFor', where)}
      intent={INTENTS.signup}
      text={t('signUp')}
      look={buttonClass('primary', size)}
    />
  )
}

/**
 * Leave asks 'Are you sure you want to leave this slot?' first. With JavaScript that is the app's confirm dialog
 * (app/ui/confirm.tsx); without it the post carries no confirmation and the action answers with the page's confirm step.
 */
function LeaveButton({ slotId, where, size = 'xs' }: { slotId: number; where: Where; size?: ButtonSize }) {
  const t = useT('orbat')
  return (
    <SlotActionForm
      slotId={slotId}
      label={t('leaveSlot', where)}
      intent={INTENTS.leave}
      text={t('leave')}
      confirm={{ message: t('leaveConfirm'), confirm: t('confirm'), cancel: t('cancel') }}
      look={buttonClass('danger', size)}
    />
  )
}

/** An action the server would refuse: a disabled control whose text is the short reason, its name the whole one. */
function RefusedAction({ refusal, where, size = 'xs' }: { refusal: Refusal; where: Where; size?: ButtonSize }) {
  const t = useT('orbat')
  const texts = useRefusalTexts()
  const reason = texts.reason(refusal)
  return (
    <button
      type="button"
      disabled
      aria-label={t('refused', { action: t('signUpFor', where), reason })}
      title={reason}
      className={`nodrag nopan ${buttonClass('secondary', size)}`}
    >
      {texts.label(refusal)}
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
  // (The texts are read by the controls alone: the admin editor's cards show none, and its page sends no `orbat`.)
  const where = { role, squad: squadName }
  switch (action.kind) {
    case 'signup':
      return <SignUpButton slotId={slotId} where={where} size={size} />
    case 'leave':
      return <LeaveButton slotId={slotId} where={where} size={size} />
    case 'refused':
      return <RefusedAction refusal={action} where={where} size={size} />
    case 'none':
      return null
  }
}
