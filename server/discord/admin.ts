import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { ChannelType, OverwriteType, PermissionFlagsBits } from 'discord-api-types/v10'
import {
  DISCORD_MESSAGES,
  DISCORD_SETTING_KEYS,
  type DiscordSettingKey,
  type PingHistoryItem,
  type PurgeEventPingResult,
  type PurgeSquadsResult,
  type RankRoleMappingItem,
  type RankRolesInput,
  type SquadMappingCreateInput,
  type SquadMappingUpdateInput,
  type SquadRoleMappingItem,
} from '#contracts/discord.ts'
import { RANKS } from '#contracts/roster.ts'
import type { DbOrTx } from '#db/client.ts'
import { rankRoleMappings, scheduledPings, squadRoleMappings } from '#db/schema/discord.ts'
import { squads } from '#db/schema/orbat.ts'
import { events, trainings } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Conflict, NotFound, ServiceError } from '../errors.ts'
import { getSettings } from '../unit/settings.ts'
import { afterCommit, runTransaction } from '../transaction.ts'
import { DISCORD_ACTION_BUDGET_MS, DISCORD_LOOKUP_BUDGET_MS } from './client.ts'
import { countOf } from '#contracts/plural.ts'

// The Discord admin page's use cases (docs/rules/discord.md): the page's actions and the /api routes call these.
// Discord objects a record needs (a squad's role and channel) are created first and the record written after; what a
// change leaves behind on Discord (a removed mapping's role and channel) is deleted after the commit. A Discord failure
// is never a 500: 502 with the reason (the client also writes a System audit entry for it).

/** The guild's role and channel names, for audit entries that name things; ids when Discord cannot say in time. */
async function guildNames(services: AppServices) {
  const discord = services.discord.within(DISCORD_LOOKUP_BUDGET_MS)
  const [roles, channels] = await Promise.all([discord.listGuildRoles(), discord.listGuildChannels()])
  const roleNames = new Map(roles.ok ? roles.data.map((r) => [r.id, r.name]) : [])
  const channelNames = new Map(channels.ok ? channels.data.map((c) => [c.id, c.name ?? c.id]) : [])
  return {
    role: (id: string) => (id ? `@${roleNames.get(id) ?? id}` : 'none'),
    channel: (id: string) => (id ? `#${channelNames.get(id) ?? id}` : 'none'),
    channelName: (id: string) => channelNames.get(id) ?? null,
    channelsKnown: channels.ok,
  }
}

/** How long an admin's request waits for Discord to create a squad's role or channel (retries included). */
const DISCORD_FIRST_BUDGET_MS = 8000

function discordFailed(what: string, error: string): never {
  throw new ServiceError(`${what}: ${error}`, 502)
}

// --- Global settings ------------------------------------------------------------------------------------------------

export async function loadDiscordSettings(db: DbOrTx): Promise<Record<DiscordSettingKey, string>> {
  return getSettings(db, DISCORD_SETTING_KEYS)
}

// --- Rank role mapping ----------------------------------------------------------------------------------------------

/** One row per rank, in rank order; a rank without a mapping has a blank role. */
export async function listRankMappings(db: DbOrTx): Promise<RankRoleMappingItem[]> {
  const rows = await db.select().from(rankRoleMappings)
  const byRank = new Map(rows.map((r) => [r.rank_name, r]))
  return RANKS.map((rank_name) => ({
    id: byRank.get(rank_name)?.id ?? null,
    rank_name,
    discord_role_id: byRank.get(rank_name)?.discord_role_id ?? '',
  }))
}

/** PUT /api/discord-roles/ranks: the whole list (a blank role or a rank left out removes that rank's mapping). */
export async function saveRankMappings(
  services: AppServices,
  admin: User,
  input: RankRolesInput,
): Promise<RankRoleMappingItem[]> {
  const names = await guildNames(services)
  const wanted = new Map(input.mappings.filter((m) => m.discord_role_id).map((m) => [m.rank_name, m.discord_role_id]))
  return runTransaction(
    services,
    async (tx) => {
      const before = new Map((await tx.select().from(rankRoleMappings)).map((r) => [r.rank_name, r.discord_role_id]))
      const changes: string[] = []
      for (const rank of RANKS) {
        const role = wanted.get(rank) ?? ''
        if ((before.get(rank) ?? '') === role) continue
        if (role) {
          await tx
            .insert(rankRoleMappings)
            .values({ rank_name: rank, discord_role_id: role })
            .onConflictDoUpdate({
              target: rankRoleMappings.rank_name,
              set: { discord_role_id: role, updated_at: new Date() },
            })
        } else {
          await tx.delete(rankRoleMappings).where(eq(rankRoleMappings.rank_name, rank))
        }
        changes.push(`${rank}: ${names.role(role)}`)
      }
      if (changes.length) await recordAudit(tx, admin, 'Rank role mappings updated', changes.join('; '))
      return listRankMappings(tx)
    },
    { name: 'save rank role mappings', changes: [] },
  )
}

// --- Squad role mapping ---------------------------------------------------------------------------------------------

export async function listSquadMappings(db: DbOrTx): Promise<SquadRoleMappingItem[]> {
  return db
    .select({
      id: squadRoleMappings.id,
      squad_id: squadRoleMappings.squad_id,
      squad_name: squads.name,
      discord_role_id: squadRoleMappings.discord_role_id,
      create_discord_channel: squadRoleMappings.create_discord_channel,
      discord_channel_id: squads.discord_channel_id,
    })
    .from(squadRoleMappings)
    .innerJoin(squads, eq(squads.id, squadRoleMappings.squad_id))
    .orderBy(asc(squads.name))
}

/** Squads without a mapping: squads already mapped are not offered. */
export async function listUnmappedSquads(db: DbOrTx): Promise<Array<{ id: number; name: string }>> {
  const mapped = db.select({ id: squadRoleMappings.squad_id }).from(squadRoleMappings)
  const all = await db.select({ id: squads.id, name: squads.name }).from(squads).orderBy(asc(squads.name))
  const taken = new Set((await mapped).map((m) => m.id))
  return all.filter((s) => !taken.has(s.id))
}

/** A channel name Discord accepts: lower case, dashes for spaces, at most 100 characters. */
function channelNameOf(squadName: string): string {
  const slug = squadName
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
  return slug || 'squad'
}

/** Creates the squad's text channel under the category, visible to the squad role only. */
async function createSquadChannel(services: AppServices, squadName: string, roleId: string): Promise<string> {
  const [category, guildId] = [
    (await getSettings(services.db, ['squad_channel_category_id'])).squad_channel_category_id,
    services.config.discord.guildId,
  ]
  if (!category) throw new Conflict(DISCORD_MESSAGES.noCategory)
  const view = PermissionFlagsBits.ViewChannel.toString()
  const created = await services.discord.createChannel({
    name: channelNameOf(squadName),
    type: ChannelType.GuildText,
    parentId: category,
    permissionOverwrites: [
      // @everyone's role id is the guild's id.
      ...(guildId ? [{ id: guildId, type: OverwriteType.Role, deny: view }] : []),
      { id: roleId, type: OverwriteType.Role, allow: view },
    ],
    reason: `Squad channel for ${squadName}`,
    budgetMs: DISCORD_FIRST_BUDGET_MS,
  })
  if (!created.ok) discordFailed('Could not create the squad channel on Discord', created.error)
  return created.data.id
}

async function findSquad(db: DbOrTx, squadId: number) {
  const [squad] = await db
    .select({ id: squads.id, name: squads.name, channel: squads.discord_channel_id })
    .from(squads)
    .where(eq(squads.id, squadId))
  if (!squad) throw new NotFound(DISCORD_MESSAGES.squadNotFound, { squad_id: [DISCORD_MESSAGES.squadNotFound] })
  return squad
}

async function findMapping(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ mapping: squadRoleMappings, squadName: squads.name, channel: squads.discord_channel_id })
    .from(squadRoleMappings)
    .innerJoin(squads, eq(squads.id, squadRoleMappings.squad_id))
    .where(eq(squadRoleMappings.id, id))
  if (!row) throw new NotFound(DISCORD_MESSAGES.mappingNotFound)
  return row
}

/** Deletes Discord objects the app created; failures are System audit entries (the client records them). */
async function deleteDiscordObjects(services: AppServices, roles: string[], channels: string[], reason: string) {
  for (const channel of channels) await services.discord.deleteChannel(channel)
  for (const role of roles) await services.discord.deleteRole(role, reason)
}

/**
 * POST /api/discord-roles/squads: creates a Discord role named after the squad and, when asked, its channel under
 * squad_channel_category_id; then the mapping (the squad keeps the channel id). Discord first: if it refuses, nothing
 * is stored; if the mapping cannot be stored, what was created on Discord is deleted again.
 */
export async function createSquadMapping(
  services: AppServices,
  admin: User,
  input: SquadMappingCreateInput,
): Promise<SquadRoleMappingItem> {
  const squad = await findSquad(services.db, input.squad_id)
  const [existing] = await services.db
    .select({ id: squadRoleMappings.id })
    .from(squadRoleMappings)
    .where(eq(squadRoleMappings.squad_id, squad.id))
  if (existing)
    throw new Conflict(DISCORD_MESSAGES.squadAlreadyMapped, { squad_id: [DISCORD_MESSAGES.squadAlreadyMapped] })
  if (
    input.create_discord_channel &&
    !(await getSettings(services.db, ['squad_channel_category_id'])).squad_channel_category_id
  ) {
    throw new Conflict(DISCORD_MESSAGES.noCategory)
  }
  const role = await services.discord.createRole({
    name: squad.name,
    reason: `Squad role for ${squad.name}`,
    budgetMs: DISCORD_FIRST_BUDGET_MS,
  })
  if (!role.ok) discordFailed('Could not create the squad role on Discord', role.error)
  const roleId = role.data.id
  let channelId: string | null = null
  try {
    if (input.create_discord_channel) channelId = await createSquadChannel(services, squad.name, roleId)
    const id = await runTransaction(
      services,
      async (tx) => {
        const [row] = await tx
          .insert(squadRoleMappings)
          .values({ squad_id: squad.id, discord_role_id: roleId, create_discord_channel: input.create_discord_channel })
          .onConflictDoNothing()
          .returning({ id: squadRoleMappings.id })
        if (!row)
          throw new Conflict(DISCORD_MESSAGES.squadAlreadyMapped, { squad_id: [DISCORD_MESSAGES.squadAlreadyMapped] })
        if (channelId) await tx.update(squads).set({ discord_channel_id: channelId }).where(eq(squads.id, squad.id))
        await recordAudit(
          tx,
          admin,
          'Squad role mapping added',
          `Squad ${squad.name}: role @${role.data.name} created${channelId ? `, channel #${channelNameOf(squad.name)} created` : ''}.`,
        )
        return row.id
      },
      // The ORBAT shows a squad's Discord channel, so a channel made here changes it; a role alone does not.
      { name: 'add squad role mapping', changes: channelId ? ['orbat'] : [] },
    )
    return (await listSquadMappings(services.db)).find((m) => m.id === id)!
  } catch (error) {
    // The undo is not worth a longer wait: it goes on in the background (its failures are System entries).
    await afterCommit('undo squad role mapping', () =>
      deleteDiscordObjects(services, [roleId], channelId ? [channelId] : [], 'Squad mapping not stored'),
    )
    throw error
  }
}

/**
 * PUT /api/discord-roles/squads/{id}: turning the channel on creates it (Discord first); off removes it after the
 * commit.
 */
export async function updateSquadMapping(
  services: AppServices,
  admin: User,
  id: number,
  input: SquadMappingUpdateInput,
): Promise<SquadRoleMappingItem> {
  const { mapping, squadName, channel } = await findMapping(services.db, id)
  let created: string | null = null
  if (input.create_discord_channel && !channel) {
    if (!mapping.discord_role_id) throw new Conflict(DISCORD_MESSAGES.mappingNotFound)
    created = await createSquadChannel(services, squadName, mapping.discord_role_id)
  }
  const removed = !input.create_discord_channel && mapping.create_discord_channel && channel ? channel : null
  try {
    await runTransaction(
      services,
      async (tx) => {
        await tx
          .update(squadRoleMappings)
          .set({ create_discord_channel: input.create_discord_channel, updated_at: new Date() })
          .where(eq(squadRoleMappings.id, id))
        if (created || removed)
          await tx.update(squads).set({ discord_channel_id: created }).where(eq(squads.id, mapping.squad_id))
        const what = created
          ? `channel #${channelNameOf(squadName)} created`
          : removed
            ? 'channel deleted'
            : `channel ${input.create_discord_channel ? 'on' : 'off'}`
        await recordAudit(tx, admin, 'Squad role mapping updated', `Squad ${squadName}: ${what}.`)
      },
      {
        name: 'update squad role mapping',
        changes: created || removed ? ['orbat'] : [],
        after: () => (removed ? deleteDiscordObjects(services, [], [removed], 'Squad channel turned off') : undefined),
      },
    )
  } catch (error) {
    if (created)
      await afterCommit('undo squad channel', () =>
        deleteDiscordObjects(services, [], [created], 'Squad mapping not stored'),
      )
    throw error
  }
  return (await listSquadMappings(services.db)).find((m) => m.id === id)!
}

/** DELETE /api/discord-roles/squads/{id}: the mapping goes; after the commit the role and channel the app created. */
export async function deleteSquadMapping(services: AppServices, admin: User, id: number): Promise<{ id: number }> {
  const names = await guildNames(services)
  return runTransaction(
    services,
    async (tx) => {
      const { mapping, squadName, channel } = await findMapping(tx, id)
      const channelCreated = mapping.create_discord_channel && channel ? channel : null
      await tx.delete(squadRoleMappings).where(eq(squadRoleMappings.id, id))
      if (channelCreated)
        await tx.update(squads).set({ discord_channel_id: null }).where(eq(squads.id, mapping.squad_id))
      await recordAudit(
        tx,
        admin,
        'Squad role mapping removed',
        `Squad ${squadName}: role ${names.role(mapping.discord_role_id ?? '')} deleted${channelCreated ? `, channel ${names.channel(channelCreated)} deleted` : ''}.`,
      )
      return {
        id,
        roles: mapping.discord_role_id ? [mapping.discord_role_id] : [],
        channels: channelCreated ? [channelCreated] : [],
      }
    },
    {
      name: 'delete squad role mapping',
      changes: (r) => (r.channels.length ? ['orbat'] : []),
      after: (r) => deleteDiscordObjects(services, r.roles, r.channels, 'Squad mapping removed'),
    },
  ).then(({ id }) => ({ id }))
}

// --- Danger Zone ----------------------------------------------------------------------------------------------------

/** POST /api/discord-roles/purge-squad-integrations: every mapping; after the commit every role and channel it made. */
export async function purgeSquadIntegrations(services: AppServices, admin: User): Promise<PurgeSquadsResult> {
  const result = await runTransaction(
    services,
    async (tx) => {
      const rows = await tx
        .select({ mapping: squadRoleMappings, squadName: squads.name, channel: squads.discord_channel_id })
        .from(squadRoleMappings)
        .innerJoin(squads, eq(squads.id, squadRoleMappings.squad_id))
      const roles = rows.flatMap((r) => (r.mapping.discord_role_id ? [r.mapping.discord_role_id] : []))
      const withChannel = rows.filter((r) => r.mapping.create_discord_channel && r.channel)
      const channels = withChannel.map((r) => r.channel!)
      await tx.delete(squadRoleMappings)
      if (withChannel.length) {
        await tx
          .update(squads)
          .set({ discord_channel_id: null })
          .where(
            inArray(
              squads.id,
              withChannel.map((r) => r.mapping.squad_id),
            ),
          )
      }
      await recordAudit(
        tx,
        admin,
        'Squad integrations purged',
        rows.length
          ? `Removed the role mappings of ${rows.map((r) => r.squadName).join(', ')}: ${countOf(roles.length, 'role')} and ${countOf(channels.length, 'channel')} deleted.`
          : 'No squad role mappings existed.',
      )
      return { roles, channels, mappings: rows.length }
    },
    {
      name: 'purge squad integrations',
      changes: (r) => (r.channels.length ? ['orbat'] : []),
      after: (r) => deleteDiscordObjects(services, r.roles, r.channels, 'Squad integrations purged'),
    },
  )
  return { mappings: result.mappings, rolesDeleted: result.roles.length, channelsDeleted: result.channels.length }
}

/**
 * POST /api/discord/roles/purge-event-ping: takes the event ping role from every guild member who holds it, within
 * DISCORD_ACTION_BUDGET_MS (the admin waits): who is left when time runs out keeps it until the purge is run again.
 */
export async function purgeEventPingRole(services: AppServices, admin: User): Promise<PurgeEventPingResult> {
  const roleId = (await getSettings(services.db, ['event_ping_role_id'])).event_ping_role_id
  if (!roleId) throw new Conflict(DISCORD_MESSAGES.noEventPingRole)
  const until = Date.now() + DISCORD_ACTION_BUDGET_MS
  const discord = services.discord.within(DISCORD_ACTION_BUDGET_MS)
  const [members, names] = await Promise.all([discord.listGuildMembers(), guildNames(services)])
  if (!members.ok) discordFailed('Could not list the guild members on Discord', members.error)
  const holders = members.data.filter((m) => m.roles.includes(roleId) && m.user)
  let cleared = 0
  let tried = 0
  for (const member of holders) {
    if (Date.now() >= until) break
    tried += 1
    const removed = await discord.removeMemberRole(member.user!.id, roleId, 'Event ping role purged')
    if (removed.ok) cleared += 1
  }
  await runTransaction(
    services,
    (tx) =>
      recordAudit(
        tx,
        admin,
        'Event ping role purged',
        `Removed ${names.role(roleId)} from ${cleared} of ${countOf(holders.length, 'member')}${cleared < tried ? ' (some failed: see the System entries)' : ''}${tried < holders.length ? `; ${holders.length - tried} not reached in time: run the purge again` : ''}.`,
      ),
    { name: 'purge event ping role', changes: [] },
  )
  return { roleId, membersCleared: cleared }
}

// --- Ping History ---------------------------------------------------------------------------------------------------

/** GET /api/discord/pings?limit=N: the newest pings first, with their event or training and channel names. */
export async function listPings(services: AppServices, limit: number): Promise<PingHistoryItem[]> {
  const rows = await services.db
    .select({ ping: scheduledPings, eventName: events.name, trainingName: trainings.name })
    .from(scheduledPings)
    .leftJoin(events, eq(events.id, scheduledPings.event_id))
    .leftJoin(trainings, eq(trainings.id, scheduledPings.training_id))
    .orderBy(desc(scheduledPings.ping_time), desc(scheduledPings.id))
    .limit(limit)
  const names = rows.length ? await guildNames(services) : null
  return rows.map(({ ping, eventName, trainingName }) => ({
    id: ping.id,
    type: ping.type,
    event_id: ping.event_id,
    training_id: ping.training_id,
    target_name: (ping.type === 'event' ? eventName : trainingName) ?? '',
    channel_id: ping.channel_id,
    channel_name: names?.channelName(ping.channel_id) ?? null,
    ping_time: ping.ping_time.toISOString(),
    message_content: ping.message_content,
    status: ping.status,
  }))
}

/** DELETE /api/discord/pings/{id} {type}: a pending ping is removed (it will not be sent). */
export async function cancelPing(
  services: AppServices,
  admin: User,
  id: number,
  type: 'event' | 'training',
): Promise<{ id: number }> {
  return runTransaction(
    services,
    async (tx) => {
      const [row] = await tx
        .select({ ping: scheduledPings, eventName: events.name, trainingName: trainings.name })
        .from(scheduledPings)
        .leftJoin(events, eq(events.id, scheduledPings.event_id))
        .leftJoin(trainings, eq(trainings.id, scheduledPings.training_id))
        .where(and(eq(scheduledPings.id, id), eq(scheduledPings.type, type)))
        .for('update', { of: scheduledPings })
      if (!row) throw new NotFound(DISCORD_MESSAGES.pingNotFound)
      if (row.ping.status !== 'pending' || row.ping.attempted_at) throw new Conflict(DISCORD_MESSAGES.pingNotPending)
      await tx.delete(scheduledPings).where(eq(scheduledPings.id, id))
      const name = (type === 'event' ? row.eventName : row.trainingName) ?? ''
      await recordAudit(
        tx,
        admin,
        'Ping cancelled',
        `The ${type} ping for ${name} due ${row.ping.ping_time.toISOString()} was cancelled.`,
      )
      return { id }
    },
    { name: 'cancel ping', changes: [] },
  )
}
