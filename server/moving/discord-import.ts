import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { APIGuildMember } from 'discord-api-types/v10'
import type { DbOrTx } from '#db/client.ts'
import { rankRoleMappings, squadRoleMappings } from '#db/schema/discord.ts'
import { squads } from '#db/schema/orbat.ts'
import { memberQualifications, members, qualifications, RANKS, type Rank } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { type DiscordImportInput, type DiscordImportMember } from '#contracts/moving.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { DISCORD_LOOKUP_BUDGET_MS } from '../discord/client.ts'
import { Invalid, ServiceError } from '../errors.ts'
import { unitToday } from '../leave/days.ts'
import { markChange } from '../personnel/history.ts'
import { runTransaction } from '../transaction.ts'
import { emitMemberEvents } from '../roster/members.ts'

// The roster from the Discord server (docs/rules/roster.md, Moving in and out): the guild's members with the rank,
// qualifications and squad their roles map to (the rank-role mappings, each qualification's role, the squad roles),
// and, for members already on the roster, where Discord's roles and the roster disagree. Importing adds the ticked
// people as members: in-game name from their server nickname, else their global name, else their username.

interface RoleMaps {
  rankOf: Map<string, Rank>
  qualificationOf: Map<string, { id: number; name: string }>
  squadOf: Map<string, string>
  roleName: Map<string, string>
}

async function roleMaps(db: DbOrTx, roleNames: Map<string, string>): Promise<RoleMaps> {
  const [ranks, quals, squadRoles] = await Promise.all([
    db.select().from(rankRoleMappings),
    db
      .select({ id: qualifications.id, name: qualifications.name, role: qualifications.discord_role_id })
      .from(qualifications)
      .where(isNotNull(qualifications.discord_role_id)),
    db
      .select({ role: squadRoleMappings.discord_role_id, name: squads.name })
      .from(squadRoleMappings)
      .innerJoin(squads, eq(squads.id, squadRoleMappings.squad_id))
      .where(isNotNull(squadRoleMappings.discord_role_id)),
  ])
  return {
    rankOf: new Map(ranks.map((r) => [r.discord_role_id.trim(), r.rank_name])),
    qualificationOf: new Map(quals.map((q) => [q.role!.trim(), { id: q.id, name: q.name }])),
    squadOf: new Map(squadRoles.map((s) => [s.role!.trim(), s.name])),
    roleName: roleNames,
  }
}

/** The name a guild member goes by: server nickname, else global name, else username. */
const nameOf = (m: APIGuildMember) => (m.nick || m.user?.global_name || m.user?.username || '').trim()

/** The highest rank any of the roles maps to. */
function rankOfRoles(roles: string[], maps: RoleMaps): Rank | null {
  let best: Rank | null = null
  for (const role of roles) {
    const rank = maps.rankOf.get(role)
    if (rank && (best === null || RANKS.indexOf(rank) > RANKS.indexOf(best))) best = rank
  }
  return best
}

async function guild(services: AppServices) {
  const discord = services.discord.within(DISCORD_LOOKUP_BUDGET_MS)
  const [list, roles] = await Promise.all([discord.listGuildMembers(), discord.listGuildRoles()])
  if (!list.ok) throw new ServiceError(`Could not list the Discord server's members: ${list.error}`, 502)
  const roleNames = new Map(roles.ok ? roles.data.map((r) => [r.id, r.name]) : [])
  return { members: list.data.filter((m) => m.user && !m.user.bot), roleNames }
}

/** GET /api/admin/roster/import/discord: every (non-bot) guild member, those not on the roster first. */
export async function discordImportList(services: AppServices): Promise<DiscordImportMember[]> {
  const { members: guildMembers, roleNames } = await guild(services)
  const maps = await roleMaps(services.db, roleNames)
  const ids = guildMembers.map((m) => m.user!.id)
  const onRoster = ids.length
    ? await services.db
        .select({ id: members.id, discord_id: members.discord_id, rank: members.rank })
        .from(members)
        .where(inArray(members.discord_id, ids))
    : []
  const rosterOf = new Map(onRoster.map((m) => [m.discord_id!, m]))
  const held = onRoster.length
    ? await services.db
        .select({
          member: memberQualifications.member_id,
          name: qualifications.name,
          role: qualifications.discord_role_id,
        })
        .from(memberQualifications)
        .innerJoin(qualifications, eq(qualifications.id, memberQualifications.qualification_id))
        .where(
          inArray(
            memberQualifications.member_id,
            onRoster.map((m) => m.id),
          ),
        )
    : []
  const list = guildMembers.map((m): DiscordImportMember => {
    const discordId = m.user!.id
    const rank = rankOfRoles(m.roles, maps)
    const quals = m.roles.flatMap((role) => {
      const q = maps.qualificationOf.get(role)
      return q ? [q.name] : []
    })
    const squad = m.roles.map((role) => maps.squadOf.get(role)).find(Boolean) ?? null
    const member = rosterOf.get(discordId)
    const differences: string[] = []
    if (member) {
      if (rank && rank !== member.rank) differences.push(`Rank: ${member.rank} on the roster, ${rank} on Discord`)
      const mine = held.filter((h) => h.member === member.id && h.role?.trim())
      for (const q of quals)
        if (!mine.some((h) => h.name === q)) differences.push(`${q}: on Discord, not on the roster`)
      for (const h of mine) if (!quals.includes(h.name)) differences.push(`${h.name}: on the roster, not on Discord`)
    }
    return {
      discord_id: discordId,
      name: nameOf(m),
      rank,
      qualifications: quals.sort(),
      squad,
      on_roster: Boolean(member),
      differences,
      roles: m.roles
        .map((role) => roleNames.get(role))
        .filter((name): name is string => Boolean(name))
        .sort(),
    }
  })
  return list.sort(
    (a, b) => Number(a.on_roster) - Number(b.on_roster) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  )
}

/**
 * POST /api/admin/roster/import/discord: adds the ticked guild members to the roster with the rank and qualifications
 * their roles map to (BMT when no role maps to a rank), joined on `join_date` (default: the unit's today). An id that
 * is not a guild member, or one already on the roster, refuses the whole import (400 naming it).
 */
export async function importFromDiscord(
  services: AppServices,
  admin: User,
  input: DiscordImportInput,
): Promise<{ created: number; members: { id: number; discord_id: string }[] }> {
  const { members: guildMembers, roleNames } = await guild(services)
  const byId = new Map(guildMembers.map((m) => [m.user!.id, m]))
  const unknown = input.discord_ids.filter((id) => !byId.has(id))
  if (unknown.length)
    throw new Invalid(`Not a member of the Discord server: ${unknown.join(', ')}.`, {
      discord_ids: [`Not in the server: ${unknown.join(', ')}`],
    })
  const created = await runTransaction(
    services,
    async (tx) => {
      const maps = await roleMaps(tx, roleNames)
      const already = await tx
        .select({ name: members.ingame_name, discord_id: members.discord_id })
        .from(members)
        .where(inArray(members.discord_id, input.discord_ids))
      if (already.length)
        throw new Invalid(`Already on the roster: ${already.map((m) => m.name).join(', ')}.`, {
          discord_ids: [`Already on the roster: ${already.map((m) => m.discord_id).join(', ')}`],
        })
      await markChange(tx, 'import', admin)
      const joinDate = input.join_date ?? (await unitToday(tx)).today
      const added: { id: number; discord_id: string }[] = []
      for (const discordId of input.discord_ids) {
        const guildMember = byId.get(discordId)!
        const rank = rankOfRoles(guildMember.roles, maps) ?? 'BMT'
        const name = nameOf(guildMember) || discordId
        const [row] = await tx
          .insert(members)
          .values({ ingame_name: name.slice(0, 100), discord_id: discordId, rank, join_date: joinDate })
          .returning({ id: members.id })
        const quals = guildMember.roles.flatMap((role) => {
          const q = maps.qualificationOf.get(role)
          return q ? [q] : []
        })
        if (quals.length)
          await tx
            .insert(memberQualifications)
            .values(quals.map((q) => ({ member_id: row!.id, qualification_id: q.id })))
            .onConflictDoNothing()
        await recordAudit(
          tx,
          admin,
          'Member imported',
          `${name} (${rank}) from Discord${quals.length ? `, ${quals.map((q) => q.name).join(', ')}` : ''}`,
        )
        added.push({ id: row!.id, discord_id: discordId })
      }
      await emitMemberEvents(
        tx,
        'member.created',
        added.map((m) => m.id),
      )
      return added
    },
    { name: 'import from Discord', changes: ['roster', 'orbat'], syncRoles: (added) => added.map((m) => m.discord_id) },
  )
  return { created: created.length, members: created }
}

/**
 * "Take the roster's" for a member whose Discord roles disagree with the roster: the role sync puts the roster's rank
 * and qualification roles on Discord (queued after the commit, as every role change is). Audited.
 */
export async function takeRosterRoles(services: AppServices, admin: User, discordId: string): Promise<string> {
  return runTransaction(
    services,
    async (tx) => {
      const [member] = await tx
        .select({ name: members.ingame_name })
        .from(members)
        .where(eq(members.discord_id, discordId))
      if (!member) throw new Invalid('That Discord member is not on the roster.')
      await recordAudit(tx, admin, 'Discord roles synced', `${member.name}: the roster's rank and qualifications`)
      return member.name
    },
    { name: 'take the roster roles', changes: [], syncRoles: () => [discordId] },
  )
}

/**
 * "Take Discord's": the roster takes the rank and the qualifications (those with a Discord role) that the member's
 * Discord roles map to. A qualification without a role is left as it is. Audited; the history marks it an import.
 */
export async function takeDiscordRoles(services: AppServices, admin: User, discordId: string): Promise<string> {
  const { members: guildMembers, roleNames } = await guild(services)
  const guildMember = guildMembers.find((m) => m.user!.id === discordId)
  if (!guildMember) throw new Invalid(`Not a member of the Discord server: ${discordId}.`)
  return runTransaction(
    services,
    async (tx) => {
      const maps = await roleMaps(tx, roleNames)
      const [member] = await tx
        .select({ id: members.id, name: members.ingame_name, rank: members.rank })
        .from(members)
        .where(eq(members.discord_id, discordId))
        .for('update')
      if (!member) throw new Invalid('That Discord member is not on the roster.')
      await markChange(tx, 'import', admin)
      const rank = rankOfRoles(guildMember.roles, maps)
      if (rank && rank !== member.rank) await tx.update(members).set({ rank }).where(eq(members.id, member.id))
      const onDiscord = new Set(guildMember.roles.flatMap((role) => maps.qualificationOf.get(role)?.id ?? []))
      const mapped = [...maps.qualificationOf.values()].map((q) => q.id)
      const held = (
        await tx
          .select({ id: memberQualifications.qualification_id })
          .from(memberQualifications)
          .where(eq(memberQualifications.member_id, member.id))
      ).map((r) => r.id)
      const remove = held.filter((id) => mapped.includes(id) && !onDiscord.has(id))
      const add = [...onDiscord].filter((id) => !held.includes(id))
      if (remove.length)
        await tx
          .delete(memberQualifications)
          .where(
            and(eq(memberQualifications.member_id, member.id), inArray(memberQualifications.qualification_id, remove)),
          )
      if (add.length)
        await tx.insert(memberQualifications).values(add.map((id) => ({ member_id: member.id, qualification_id: id })))
      await recordAudit(
        tx,
        admin,
        'Member updated',
        `${member.name}: took Discord's roles${rank && rank !== member.rank ? `, rank ${member.rank} -> ${rank}` : ''}${add.length ? `, +${add.length} qualification(s)` : ''}${remove.length ? `, -${remove.length} qualification(s)` : ''}`,
      )
      return member.name
    },
    { name: "take Discord's roles", changes: ['roster'], syncRoles: () => [discordId] },
  )
}
