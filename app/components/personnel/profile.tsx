import type { MemberProfile } from '#contracts/personnel.ts'
import type { Rank } from '#contracts/roster.ts'
import { LoaBadge } from '#app/ui/badge.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { RankBadge, useDayFormat } from '#app/components/roster/ui.tsx'
import { MemberWeeksChart } from '#app/components/activity/charts.tsx'

// The public profile's parts (docs/rules/personnel.md): the header with the rank's insignia, time in service and the
// member's place in the ORBAT, and the last 12 weeks' attendance. Drawn as SVG and HTML on the server: they show in the
// first paint and without JavaScript. Their texts are the catalogs' `member.profile`, in the page's language.

/** A simple insignia per rank: chevrons for NCOs, bars for officers, stars for the top. */
export function RankInsignia({ rank, className = 'size-10' }: { rank: Rank; className?: string }) {
  const chevrons = { JNCO: 1, NCO: 2, SNCO: 3 }[rank as 'JNCO' | 'NCO' | 'SNCO'] ?? 0
  const bars = { JOFC: 1, OFC: 2 }[rank as 'JOFC' | 'OFC'] ?? 0
  const stars = { SOFC: 1, TEAM: 2 }[rank as 'SOFC' | 'TEAM'] ?? 0
  return (
    <svg viewBox="0 0 40 40" className={`${className} text-amber-300`} aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="38" height="38" rx="8" className="fill-zinc-900 stroke-zinc-700" strokeWidth="1.5" />
      {rank === 'BMT' ? <circle cx="20" cy="20" r="7" fill="none" stroke="currentColor" strokeWidth="3" /> : null}
      {Array.from({ length: chevrons }, (_, i) => (
        <path
          key={`c${i}`}
          d={`M9 ${13 + i * 7} L20 ${20 + i * 7} L31 ${13 + i * 7}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="3.5"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ))}
      {Array.from({ length: bars }, (_, i) => (
        <rect
          key={`b${i}`}
          x={bars === 1 ? 17 : 11 + i * 12}
          y="9"
          width="6"
          height="22"
          rx="1.5"
          fill="currentColor"
        />
      ))}
      {Array.from({ length: stars }, (_, i) => (
        <path
          key={`s${i}`}
          transform={`translate(${stars === 1 ? 20 : 12 + i * 16} 20) scale(${stars === 1 ? 1 : 0.75})`}
          d="M0 -10 L2.9 -3.1 L9.5 -3.1 L4.2 1.2 L6.2 8.1 L0 4 L-6.2 8.1 L-4.2 1.2 L-9.5 -3.1 L-2.9 -3.1 Z"
          fill="currentColor"
        />
      ))}
    </svg>
  )
}

/** "2 years, 3 months" from whole days: whole years and months, or days under a month. */
export function timeInService(days: number): { years: number; months: number; days: number } {
  if (days < 31) return { years: 0, months: 0, days }
  const years = Math.floor(days / 365)
  const months = Math.floor((days % 365) / 30.44)
  return years || months ? { years, months, days: 0 } : { years: 0, months: 0, days }
}

function useTimeInService(): (days: number) => string {
  const t = useT('member.profile')
  return (days) => {
    const parts = timeInService(days)
    return [
      parts.years ? t('years', { count: parts.years }) : null,
      parts.months ? t('months', { count: parts.months }) : null,
      parts.years || parts.months ? null : t('days', { count: parts.days }),
    ]
      .filter(Boolean)
      .join(', ')
  }
}

export function ProfileHeader({ profile }: { profile: Omit<MemberProfile, 'entries'> }) {
  const t = useT('member.profile')
  const day = useDayFormat()
  const inService = useTimeInService()
  const { member } = profile
  return (
    <div className="flex flex-wrap items-start gap-4">
      <RankInsignia rank={member.rank} className="size-14 shrink-0" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{member.ingame_name}</h1>
          <RankBadge rank={member.rank} />
          {member.on_loa ? <LoaBadge /> : null}
        </div>
        <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-zinc-500">{t('slot')}</dt>
            <dd className="text-zinc-200">
              {member.slot
                ? `${member.slot.role || t('slotFallback')}, ${member.slot.squad} ${member.slot.team}`
                : t('noSlot')}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-500">{t('joined')}</dt>
            <dd className="text-zinc-200">{day(member.join_date)}</dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-500">{t('timeInService')}</dt>
            <dd className="text-zinc-200">{inService(member.days_in_service)}</dd>
          </div>
        </dl>
      </div>
    </div>
  )
}

/**
 * The last 12 weeks as a small chart (the activity numbers, docs/rules/activity.md): per week the operations the
 * member could attend (outlined) and those attended (filled).
 */
export function AttendanceStrip({ attendance }: { attendance: MemberProfile['attendance'] }) {
  const t = useT('member.profile')
  return (
    <MemberWeeksChart
      caption={t('caption', { held: attendance.held, attended: attendance.attended })}
      weeks={attendance.weeks.map((w) => ({ week_start: w.week_start, possible: w.held, attended: w.attended }))}
      texts={{
        week: (day, attended, possible) => t('week', { day, attended, possible }),
        key: t('chartKey'),
        operations: t('keyOperations'),
        attended: t('keyAttended'),
      }}
    />
  )
}
