import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { primaryButton, secondaryButton } from '#app/ui/button.ts'
import { Notice } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'
import type { PushState } from './use-push-state.ts'

// The "push on this device" control of /account (app/routes/account/use-push-state.ts). Without JavaScript it says
// plainly that push cannot be turned on here; the choices form below works either way.

export function PushThisDevice({ push }: { push: PushState }) {
  const t = useT('account.notifications.device')
  const hydrated = useHydrated()
  if (!hydrated)
    return (
      <>
        <noscript>
          <p className="text-sm text-zinc-300" data-testid="push-needs-js">
            {t('noJavaScript')}
          </p>
        </noscript>
        {/* Keeps the place of the control while scripts load, so nothing below moves. */}
        <div className="h-10 [@media(scripting:none)]:hidden" aria-hidden />
      </>
    )
  const { status, problem, notice } = push
  return (
    <div className="flex flex-col gap-2" data-testid="push-this-device" data-status={status}>
      {status === 'unsupported' ? <Notice tone="info">{t('unsupported')}</Notice> : null}
      {status === 'denied' ? <Notice>{t('denied')}</Notice> : null}
      {status === 'on' ? <p className="text-sm text-emerald-300">{t('on')}</p> : null}
      {problem ? <Notice>{problem}</Notice> : null}
      {notice ? <Notice tone="info">{notice}</Notice> : null}
      {status === 'on' ? (
        <div>
          <button type="button" className={secondaryButton} onClick={push.turnOff}>
            {t('turnOff')}
          </button>
        </div>
      ) : status === 'unsupported' ? null : (
        <div>
          <button
            type="button"
            className={primaryButton}
            onClick={push.turnOn}
            disabled={status === 'checking' || status === 'busy'}
            aria-busy={status === 'busy' || undefined}
          >
            {t('turnOn')}
          </button>
        </div>
      )}
      {status === 'off' && !problem ? <p className="text-xs text-zinc-400">{t('allowFirst')}</p> : null}
    </div>
  )
}
