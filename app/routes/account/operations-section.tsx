import { Link } from 'react-router'
import { heldSlotPlace, type HeldSlot } from '#contracts/orbat-history.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { Section } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'

// The member's last operations and the slot they held in each, from the operations' frozen ORBATs
// (docs/rules/orbat-history.md); each links to that operation's ORBAT. Slot, squad and event names are the unit's own.

export function OperationsSection({ held }: { held: HeldSlot[] }) {
  const t = useT('account.operations')
  return (
    <Section title={t('title')} description={t('description')}>
      {held.length ? (
        <ul className="flex flex-col gap-2 text-sm" data-testid="held-slots">
          {held.map((h) => (
            <li key={h.event_id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <span className="text-zinc-100">
                {h.slot
                  ? t('held', { slot: h.slot, place: heldSlotPlace(h) })
                  : t('heldUnnamed', { place: heldSlotPlace(h) })}
                <span className="text-zinc-400"> · {h.event}</span>
              </span>
              <span className="flex items-baseline gap-3 text-xs text-zinc-400">
                <DateTime iso={h.date} />
                <Link to={`/roster/events/${h.event_id}/orbat`} className="text-brand-400 underline">
                  {t('itsOrbat')}
                  <span className="sr-only"> ({h.event})</span>
                </Link>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-400">{t('empty')}</p>
      )}
    </Section>
  )
}
