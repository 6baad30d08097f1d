import { z } from 'zod'
import { text } from './fields.ts'

// The game-server endpoints (docs/game-server.md): what an Arma server mod sends and gets back, keyed by the players'
// Bohemia UUIDs (the roster's bohemia_uuid). The routes parse with these schemas and the API reference shows them.

const bohemiaUuid = text({ error: 'A Bohemia UUID must be a string.' })
  .trim()
  .min(1, 'A Bohemia UUID cannot be empty.')
  .max(100, 'A Bohemia UUID is at most 100 characters.')

export const playerSlotQuerySchema = z.object({
  bohemia_uuid: text({ error: 'bohemia_uuid is required.' })
    .trim()
    .min(1, 'bohemia_uuid is required.')
    .max(100, 'A Bohemia UUID is at most 100 characters.'),
})

// Strict: a game server's script that misspells its one key is told so instead of recording nobody.
export const attendanceByUuidSchema = z.strictObject({
  bohemia_uuids: z
    .array(bohemiaUuid, { error: 'bohemia_uuids must be a list of Bohemia UUIDs.' })
    .max(1000, 'At most 1000 players at once.')
    .transform((uuids) => [...new Set(uuids)]),
})

export const playerSlotSchema = z.object({
  slot_id: z.number().int(),
  squad: text(),
  team: text(),
  role: text(),
})
export type PlayerSlot = z.output<typeof playerSlotSchema>

export const orbatByPlayerSchema = z.object({
  slots: z
    .record(text(), playerSlotSchema)
    .meta({ description: 'Bohemia UUID -> the slot its member holds. Members without a UUID are left out.' }),
})
export type OrbatByPlayer = z.output<typeof orbatByPlayerSchema>

export const attendanceByUuidResultSchema = z.object({
  event_id: z.number().int(),
  recorded: z
    .array(text())
    .meta({ description: 'UUIDs whose attendance this call added (their event score went up by one).' }),
  already_recorded: z
    .array(text())
    .meta({ description: 'UUIDs that were already recorded: nothing changed for them.' }),
  unknown: z.array(text()).meta({ description: 'UUIDs no roster member has.' }),
  attendance_count: z.number().int().meta({ description: "The event's attendees after this call." }),
})
export type AttendanceByUuidResult = z.output<typeof attendanceByUuidResultSchema>
