import type { AssignableMember } from '#contracts/orbat.ts'
import { MEMBERS_DATALIST_ID } from './editor-context.tsx'

// The roster names for the Assigned fields' autocomplete: one <datalist> every field points at. Banned members are
// not offered (they cannot hold a slot); a member without a linked account is marked, as they become a manual name.

export function MembersDatalist({ members }: { members: AssignableMember[] }) {
  return (
    <datalist id={MEMBERS_DATALIST_ID}>
      {members
        .filter((m) => !m.banned)
        .map((m, i) => (
          <option
            key={`${m.name}-${i}`}
            value={m.name}
            label={m.user_id === null ? 'not linked: manual name' : undefined}
          />
        ))}
    </datalist>
  )
}
