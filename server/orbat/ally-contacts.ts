import { and, inArray, isNotNull, sql } from 'drizzle-orm'
import { alliedUnits } from '#db/schema/allies.ts'
import type { DbOrTx } from '#db/client.ts'
import type { Config } from '../config.ts'
import type { AppServices } from '../context.ts'
import { translate } from '../lib/i18n.ts'
import { getUnitLanguage } from '../unit/language.ts'

// Telling an allied unit what is theirs (docs/rules/joint-operations.md, "The contact is told"): when a save (the
// editor, a restore, a mission import) leaves an allied unit more reserved slots than it had, the unit's contact gets a
// Discord direct message after the commit, with how many slots and the invite link its players join with. The
// Discord client never throws: a message Discord refuses is logged and recorded as a System audit entry.

/** The path of an invite link (the page that joins), under the app's address. */
export const INVITE_PATH = '/allies/join/'

export function inviteUrl(config: Config, code: string): string {
  return `${config.appUrl.replace(/\/+$/, '')}${INVITE_PATH}${code}`
}

/** Reserved slots per allied unit as the ORBAT holds them: the slot's own reservation, else its team's, else its squad's. */
export async function reservedSlotCounts(tx: DbOrTx): Promise<Map<number, number>> {
  const rows = await tx.execute<{ unit: number; slots: number }>(sql`
    select coalesce(s.reserved_for, s.team_reserved_for, q.reserved_for) as unit, count(*)::int as slots
      from slots s join squads q on q.id = s.squad_id
     where s.role not like '---%' and coalesce(s.reserved_for, s.team_reserved_for, q.reserved_for) is not null
     group by 1`)
  return new Map(rows.map((row) => [row.unit, row.slots]))
}

/** An allied unit's contact to tell of its reserved slots. */
export interface AllyToTell {
  unit: string
  contact: string
  slots: number
  /** The unit's invite code (the link is made with the app's address when the message goes out). */
  code: string
}

/** The allied units with a contact whose reserved slots grew since `before` (reservedSlotCounts at the save's start). */
export async function alliesToTell(tx: DbOrTx, before: Map<number, number>): Promise<AllyToTell[]> {
  const after = await reservedSlotCounts(tx)
  const grown = [...after].filter(([unit, slots]) => slots > (before.get(unit) ?? 0))
  if (!grown.length) return []
  const units = await tx
    .select({
      id: alliedUnits.id,
      name: alliedUnits.name,
      contact: alliedUnits.contact_discord_id,
      code: alliedUnits.invite_code,
    })
    .from(alliedUnits)
    .where(
      and(
        inArray(
          alliedUnits.id,
          grown.map(([unit]) => unit),
        ),
        isNotNull(alliedUnits.contact_discord_id),
      ),
    )
  return units.map((unit) => ({
    unit: unit.name,
    contact: unit.contact!,
    slots: after.get(unit.id)!,
    code: unit.code,
  }))
}

/** After the commit: each contact's direct message, in the unit's language. Never throws. */
export async function tellAllyContacts(services: AppServices, allies: readonly AllyToTell[]): Promise<void> {
  if (!allies.length) return
  const language = await getUnitLanguage(services.db)
  const home = translate(language, 'shell.brand')
  for (const ally of allies)
    await services.discord.sendDirectMessage(ally.contact, {
      content: translate(language, 'channel.allyReserved', {
        count: ally.slots,
        home,
        unit: ally.unit,
        invite: inviteUrl(services.config, ally.code),
      }).slice(0, 2000),
      allowedMentions: { parse: [] },
    })
}
