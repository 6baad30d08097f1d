import type { ProfileAward } from '#contracts/personnel.ts'

// The awards a member holds, in precedence order, each with how many times.

export function AwardList({ awards }: { awards: ProfileAward[] }) {
  if (!awards.length) return <p className="text-sm text-zinc-400">No awards yet.</p>
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Awards">
      {awards.map((award) => (
        <li
          key={`${award.award_id ?? 'gone'}-${award.name}`}
          className="rounded-md border border-amber-500/40 bg-amber-950/40 px-2 py-1 text-sm text-amber-100"
        >
          {award.name}
          {award.count > 1 ? <span className="ml-1 text-xs text-amber-300">×{award.count}</span> : null}
        </li>
      ))}
    </ul>
  )
}
