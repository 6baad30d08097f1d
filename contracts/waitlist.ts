import { z } from 'zod'
import { parseIdText, text } from './fields.ts'

// The waitlist as both sides see it (docs/rules/orbat.md, The waitlist): the body of POST /api/waitlist/join (also the
// waitlist sheet's Join form), and the JSON of GET /api/waitlist and GET /api/waitlist/squads, which are also parts of
// the live ORBAT stream.

const PREFERENCE = 'Choose Any Squad or one of the listed squads.'

/** Any Squad, or a squad by its id or by its name. */
export type SquadPreference = { any: true } | { squadId: number } | { squadName: string }

/** {squad_preference}: a squad's id (a number or its digits) or name; absent, null, '', 'Any' and 'Any Squad' mean Any Squad. */
export const waitlistJoinSchema = z.object({
  squad_preference: z
    .preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      text({ error: PREFERENCE }).trim().max(200, PREFERENCE).nullable().optional(),
    )
    .transform((v): SquadPreference => {
      if (!v || v === 'any' || v === 'Any' || v === 'Any Squad') return { any: true }
      const id = parseIdText(v)
      return id === null ? { squadName: v } : { squadId: id }
    }),
})

export interface WaitlistItem {
  id: number
  user_id: number
  username: string
  avatar: string
  /** The preferred squad's name, or null for Any Squad. */
  squad_preference: string | null
}

/** A squad a member may prefer (can_be_primary_waitlist). */
export interface WaitlistSquad {
  id: number
  name: string
}
