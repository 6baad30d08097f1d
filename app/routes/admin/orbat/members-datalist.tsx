import { useEffect, useState } from 'react'
import type { RosterMember } from '#contracts/roster-types.ts'
import { useToast } from '#app/ui/toaster.tsx'
import { MEMBERS_DATALIST_ID } from './editor-context.tsx'
import { requestJson } from './use-editor-persistence.ts'

// The roster names for the Assigned fields' autocomplete: one <datalist> every field points at.

const ROSTER_URL = '/api/roster?limit=9999'

export function MembersDatalist() {
  const toast = useToast()
  const [members, setMembers] = useState<RosterMember[]>([])
  useEffect(() => {
    let cancelled = false
    requestJson<{ members?: RosterMember[] }>(ROSTER_URL)
      .then((body) => !cancelled && setMembers(Array.isArray(body.members) ? body.members : []))
      .catch((error: Error) => !cancelled && toast.error(`Could not load roster members: ${error.message}`))
    return () => {
      cancelled = true
    }
  }, [toast])
  return (
    <datalist id={MEMBERS_DATALIST_ID}>
      {members.map((m) => (
        <option key={m.id} value={m.ingame_name} />
      ))}
    </datalist>
  )
}
