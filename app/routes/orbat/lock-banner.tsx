import { useEffect, useState, useSyncExternalStore } from 'react'
import { ClockIcon } from '#app/components/orbat/icons.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { useT } from '#app/ui/i18n.tsx'
import type { LiveOrbatStore } from './live-store.ts'

/**
 * The time lock's countdown in days, hours, minutes and seconds (docs/rules/orbat.md): "2d 03h 04m 05s" in English,
 * each part two digits but the days; the page's language names the units (`orbat.lock.countdown`).
 */
export function countdownParts(ms: number): { days: number; hours: string; minutes: string; seconds: string } {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  return {
    days: Math.floor(total / 86_400),
    hours: pad(Math.floor((total % 86_400) / 3600)),
    minutes: pad(Math.floor((total % 3600) / 60)),
    seconds: pad(total % 60),
  }
}

/**
 * The red Sign-ups Locked banner, shown while the time lock is active. The server renders the unlock time; the live
 * countdown starts after hydration (the server's and the browser's clocks differ, so it is never server-rendered).
 */
export function LockBanner({ store }: { store: LiveOrbatStore }) {
  const { locked, unlockAt } = useSyncExternalStore(store.subscribe, store.getView, store.getView)
  const [now, setNow] = useState<number | null>(null)
  const t = useT('orbat.lock')

  useEffect(() => {
    if (!locked || unlockAt === null) return
    let timer: ReturnType<typeof setTimeout>
    const tick = () => {
      const current = store.now()
      setNow(current)
      // Wake on the next whole second of the countdown so the seconds never skip.
      const remaining = unlockAt - current
      timer = setTimeout(tick, remaining > 0 ? remaining % 1000 || 1000 : 1000)
    }
    tick()
    return () => clearTimeout(timer)
  }, [locked, unlockAt, store])

  if (!locked || unlockAt === null) return null
  return (
    <div
      className="pointer-events-auto flex w-full max-w-xl flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-lg border border-red-500/50 bg-red-950/90 px-4 py-2 text-sm text-red-100 shadow-lg shadow-black/40 backdrop-blur"
      data-testid="lock-banner"
    >
      <span className="flex items-center gap-2 font-semibold text-red-200">
        <ClockIcon />
        {t('title')}
      </span>
      {now === null ? (
        <span className="text-red-200/90">
          {t.rich('opens', { time: () => <DateTime iso={new Date(unlockAt).toISOString()} /> })}
        </span>
      ) : (
        <span role="timer" aria-label={t('timer')} className="font-mono font-semibold tabular-nums">
          {t('countdown', countdownParts(unlockAt - now))}
        </span>
      )}
    </div>
  )
}
