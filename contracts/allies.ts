import { z } from 'zod'
import { flagSchema, numberInput, requiredText, SNOWFLAKE, text } from './fields.ts'

// Joint operations (docs/rules/joint-operations.md): the body of an allied unit's create and edit (POST and PUT
// /api/admin/allied-units, and the admin page's form), the join by invite code, and the JSON the /api answers.

export const ALLY_NAME_MAX = 100
export const ALLY_TAG_MAX = 12
/** The longest a release may count back from an operation's start: a year. */
export const RELEASE_HOURS_MAX = 8760
export const INVITE_DAYS_MAX = 365

export const ALLY_MESSAGES = {
  created: 'Allied unit added. Share its invite link with its players.',
  saved: 'Allied unit saved.',
  deleted: 'Allied unit deleted. Its reservations and guests are gone.',
  rotated: 'A new invite link was made. The old one no longer works.',
  notFound: 'Allied unit not found.',
  nameTaken: 'Another allied unit already has this name.',
  tagTaken: 'Another allied unit already has this tag.',
  guestRemoved: 'Guest removed. Their slot and waitlist place are given up.',
  guestNotFound: 'Guest not found.',
  badCode: 'This invite link is not valid or has expired. Ask the unit for a new one.',
  isMember: 'You are on this unit’s roster: you stay a member and sign up as one.',
  joined: 'You joined %s as a guest. You can take the slots reserved for %s on the ORBAT.',
  alreadyGuest: 'You are already a guest of %s.',
} as const

/** A message with its unit's name in every `%s`. */
export function allyMessage(message: string, name: string): string {
  return message.replaceAll('%s', () => name)
}

const SNOWFLAKE_TEXT = 'must be a Discord id (digits only).'
const optionalSnowflake = (what: string) =>
  text({ error: `${what} ${SNOWFLAKE_TEXT}` })
    .trim()
    .refine((v) => v === '' || SNOWFLAKE.test(v), `${what} ${SNOWFLAKE_TEXT}`)
    .nullable()
    .optional()
    .transform((v) => v || null)

const RELEASE_TEXT = `The release must be a whole number of hours from 0 to ${RELEASE_HOURS_MAX}, or empty for never.`
const INVITE_DAYS_TEXT = `The invite link's life must be a whole number of days from 1 to ${INVITE_DAYS_MAX}, or empty for no end.`

/** An optional whole number in a range: a JSON number or a form's text; null, '' or absent is none. */
const optionalWhole = (message: string, min: number, max: number) =>
  z
    .union(
      [
        z.literal(''),
        z.null(),
        numberInput(message, { integer: true }).pipe(z.number().min(min, message).max(max, message)),
      ],
      {
        error: message,
      },
    )
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v))

/** POST /api/admin/allied-units and PUT /api/admin/allied-units/{id}. */
export const alliedUnitSchema = z.object({
  name: requiredText('The name is required.', ALLY_NAME_MAX, `The name is limited to ${ALLY_NAME_MAX} characters.`),
  tag: requiredText('The tag is required.', ALLY_TAG_MAX, `The tag is limited to ${ALLY_TAG_MAX} characters.`).meta({
    description: 'Shown beside its guests’ names and on the slots reserved for it, e.g. "3CB".',
  }),
  discord_guild_id: optionalSnowflake('The Discord server id'),
  contact_discord_id: optionalSnowflake('The contact’s Discord id').meta({
    description: 'Who hears of a new reservation by Discord DM, with the invite link.',
  }),
  release_hours_before: optionalWhole(RELEASE_TEXT, 0, RELEASE_HOURS_MAX).meta({
    description:
      'Its unfilled reserved slots open to everyone this many hours before the next ORBAT-linked operation starts; null or absent: never.',
  }),
  guests_need_roles: flagSchema.meta({
    description: 'Role locks apply to its guests too (off by default: guests hold no roles in the unit’s guild).',
  }),
  invite_expires_in_days: optionalWhole(INVITE_DAYS_TEXT, 1, INVITE_DAYS_MAX).meta({
    description: 'The invite link stops working this many days after it is made; null or absent: no end.',
  }),
})
export type AlliedUnitInput = z.output<typeof alliedUnitSchema>

/** POST /api/admin/allied-units/{id}/rotate-invite (the body may be empty). */
export const rotateInviteSchema = z.object({
  invite_expires_in_days: optionalWhole(INVITE_DAYS_TEXT, 1, INVITE_DAYS_MAX),
})

/** POST /api/allied-units/join. */
export const joinAllySchema = z.object({
  code: text({ error: ALLY_MESSAGES.badCode })
    .trim()
    .min(1, ALLY_MESSAGES.badCode)
    .max(2000, ALLY_MESSAGES.badCode)
    // The whole invite link pasted in is read as its code (its last path segment).
    .transform(
      (v) =>
        v
          .replace(/[?#].*$/, '')
          .replace(/\/+$/, '')
          .split('/')
          .at(-1) ?? '',
    )
    .meta({ description: "The invite link's code (its last path segment); the whole link is read as its code." }),
})

export const alliedUnitItemSchema = z.object({
  id: z.int(),
  name: text(),
  tag: text(),
  discord_guild_id: text().nullable(),
  contact_discord_id: text().nullable(),
  release_hours_before: z.int().nullable(),
  guests_need_roles: z.boolean(),
  invite_url: text(),
  invite_expires_at: text().nullable(),
  guests: z.int().meta({ description: 'How many guests it has.' }),
  reserved_slots: z.int().meta({ description: 'How many ORBAT slots are reserved for it now.' }),
  released: z.boolean().meta({ description: 'Its reservations have been released for the next operation.' }),
})
export type AlliedUnitItem = z.output<typeof alliedUnitItemSchema>

export const alliedUnitsAnswerSchema = z.object({ items: z.array(alliedUnitItemSchema) })
export const alliedUnitCreatedSchema = z.object({ id: z.int(), invite_url: text(), message: text() })
export const alliedUnitSavedSchema = z.object({ allied_unit: alliedUnitItemSchema, message: text() })
export const inviteRotatedSchema = z.object({ invite_url: text(), message: text() })

export const alliedGuestSchema = z.object({
  user_id: z.int(),
  name: text(),
  discord_id: text(),
  avatar: text().nullable(),
  joined_at: text(),
  slot: text().nullable().meta({ description: 'The slot they hold, as "Role (Squad)", or null.' }),
})
export type AlliedGuest = z.output<typeof alliedGuestSchema>
export const alliedGuestsAnswerSchema = z.object({ items: z.array(alliedGuestSchema) })

export const joinedAllySchema = z.object({
  allied_unit: z.object({ id: z.int(), name: text(), tag: text() }),
  message: text(),
})
export type JoinedAlly = z.output<typeof joinedAllySchema>
