import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import {
  GuildScheduledEventEntityType,
  GuildScheduledEventPrivacyLevel,
  type RESTPostAPIGuildScheduledEventJSONBody,
} from 'discord-api-types/v10'
import {
  DEFAULT_DISCORD_EVENT_LOCATION,
  DISCORD_EVENT_DRIFT,
  DISCORD_EVENT_HOURS,
  discordEventStatus,
  type DiscordEventDrift,
  type DiscordEventStatus,
  type DiscordEventSettings,
} from '#contracts/discord-events.ts'
import type { DbOrTx } from '#db/client.ts'
import { pendingDiscordEvents, type PendingDiscordEvent } from '#db/schema/discord-events.ts'
import { events, trainings } from '#db/schema/roster.ts'
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { backgroundRun } from '../lib/background-run.ts'
import { durableQueue, type QueueFailure } from '../lib/durable-queue.ts'
import { getSettings } from '../unit/settings.ts'

// Discord scheduled events (docs/rules/discord.md, Scheduled events; docs/decisions/064-discord-scheduled-events.md).
// An event or training an admin publishes becomes a scheduled event in the guild. The use cases queue the item in
// their own transaction (enqueueDiscordEvent); after the commit a drain here makes Discord match it: create, edit or
// delete. The job runner drains every few seconds too, so a call Discord refused or did not answer is retried with
// back-off across restarts, as role syncs are (server/role-sync/queue.ts). The nightly reconcile repairs drift.

export type DiscordEventKind = PendingDiscordEvent['kind']

/** After a commit that queued syncs, they are drained this much later (a burst of edits gathered). */
const BATCH_WAIT_MS = 300
/** Discord's limit on a scheduled event's description. */
const DESCRIPTION_MAX = 1000

/** Queues a sync of this item's Discord event inside the caller's transaction; `discordEventId` for a deleted item. */
export async function enqueueDiscordEvent(
  tx: DbOrTx,
  kind: DiscordEventKind,
  itemId: number,
  discordEventId: string | null = null,
): Promise<void> {
  const t = pendingDiscordEvents
  await tx
    .insert(t)
    .values({ kind, item_id: itemId, discord_event_id: discordEventId })
    .onConflictDoUpdate({
      target: [t.kind, t.item_id],
      set: {
        version: sql`${t.version} + 1`,
        attempts: 0,
        due_at: sql`now()`,
        last_error: null,
        discord_event_id: sql`coalesce(excluded.discord_event_id, ${t.discord_event_id})`,
      },
    })
}

/** The Discord page's Scheduled Events settings. */
export async function loadDiscordEventSettings(db: DbOrTx): Promise<DiscordEventSettings> {
  const values = await getSettings(db, [
    'discord_events_default',
    'discord_events_location',
    'discord_events_drift',
    'discord_events_channel_id',
  ])
  return {
    discord_events_default: values.discord_events_default === 'true',
    discord_events_location: values.discord_events_location,
    discord_events_drift: (DISCORD_EVENT_DRIFT as readonly string[]).includes(values.discord_events_drift)
      ? (values.discord_events_drift as DiscordEventDrift)
      : 'recreate',
    discord_events_channel_id: values.discord_events_channel_id,
  }
}

/** Whether a new event or training is published when its body does not say (setting discord_events_default). */
export async function publishedByDefault(db: DbOrTx): Promise<boolean> {
  return (await loadDiscordEventSettings(db)).discord_events_default
}

/** The items of these ids with a sync queued, and the last error of each (null before a failure). */
async function pendingDiscordEventsOf(
  db: DbOrTx,
  kind: DiscordEventKind,
  ids: number[],
): Promise<Map<number, string | null>> {
  if (!ids.length) return new Map()
  const t = pendingDiscordEvents
  const rows = await db
    .select({ id: t.item_id, error: t.last_error })
    .from(t)
    .where(and(eq(t.kind, kind), inArray(t.item_id, ids)))
  return new Map(rows.map((r) => [r.id, r.error]))
}

// ---- the drain ----

const drainer = backgroundRun(
  'discord:scheduled-event-drainer',
  async (services) => {
    while (await drainBatch(services));
  },
  { failure: 'scheduled event drain failed', batchMs: BATCH_WAIT_MS },
)

/** After a commit that queued syncs: drains them shortly, in the background. Never throws. */
export function wakeDiscordEvents(services: AppServices): void {
  drainer.wake(services)
}

/** Syncs every queued item whose turn has come (the job runner's tick and wakeDiscordEvents). Never throws. */
export function drainDiscordEvents(services: AppServices): Promise<void> {
  return drainer.run(services)
}

/** Resolves once no drain is due or running in this process (tests, shutdown). Failed syncs stay queued. */
export function discordEventsSettled(): Promise<void> {
  return drainer.settled()
}

// Claims, finishes and retries as every durable queue does (server/lib/durable-queue.ts). A claimed row carries the
// Discord id a deleted item left behind; an item dropped after the last failed attempt gets a System entry, and the
// nightly reconcile queues it again.
const queue = durableQueue({
  table: pendingDiscordEvents,
  key: { kind: pendingDiscordEvents.kind, item_id: pendingDiscordEvents.item_id },
  carry: { discord_event_id: pendingDiscordEvents.discord_event_id },
  dropped: (db, row, error, attempts) =>
    recordAudit(
      db,
      SYSTEM_ACTOR,
      'Discord event sync dropped',
      `${row.kind} ${row.item_id}: ${error} (${attempts} attempts); the nightly reconcile will try again.`,
    ),
})

type Claimed = Awaited<ReturnType<typeof queue.claimDue>>[number]

async function drainBatch(services: AppServices): Promise<boolean> {
  const claimed = await queue.claimDue(services.db)
  if (!claimed.length) return false
  if (!services.discord.configured) {
    // No bot: nothing to sync with (once one is configured, the nightly reconcile queues what is missing).
    for (const row of claimed) await queue.finish(services.db, row)
    return true
  }
  const settings = await loadDiscordEventSettings(services.db)
  return queue.workThrough(services.db, claimed, (row) => syncItem(services, row, settings))
}

const tableOf = (kind: DiscordEventKind) => (kind === 'event' ? events : trainings)

interface Item {
  kind: DiscordEventKind
  id: number
  name: string
  date: Date
  description: string | null
  hidden: boolean
  discord_event: boolean
  discord_event_id: string | null
}

async function loadItem(db: DbOrTx, kind: DiscordEventKind, id: number): Promise<Item | null> {
  if (kind === 'event') {
    const [row] = await db
      .select({
        id: events.id,
        name: events.name,
        date: events.date,
        discord_event: events.discord_event,
        discord_event_id: events.discord_event_id,
      })
      .from(events)
      .where(eq(events.id, id))
    return row ? { ...row, kind, description: null, hidden: false } : null
  }
  const [row] = await db
    .select({
      id: trainings.id,
      name: trainings.name,
      date: trainings.date,
      description: trainings.description,
      hidden: trainings.is_hidden,
      discord_event: trainings.discord_event,
      discord_event_id: trainings.discord_event_id,
    })
    .from(trainings)
    .where(eq(trainings.id, id))
  return row ? { ...row, kind } : null
}

/** The item's page in the app: the ORBAT for an event (where members sign up), the trainings page for a training. */
function linkOf(services: AppServices, kind: DiscordEventKind): string {
  const base = (services.config?.appUrl ?? '').replace(/\/+$/, '')
  return `${base}${kind === 'event' ? '/orbat' : '/trainings'}`
}

/**
 * What Discord is told: name, start, an end DISCORD_EVENT_HOURS later, the place (the voice channel the settings name,
 * else an external event at the location), and the app's link.
 */
function scheduledEventBody(
  services: AppServices,
  item: Pick<Item, 'kind' | 'name' | 'date' | 'description'>,
  settings: DiscordEventSettings,
): RESTPostAPIGuildScheduledEventJSONBody {
  const link = linkOf(services, item.kind)
  const room = DESCRIPTION_MAX - link.length - 2
  const text = (item.description ?? '').trim()
  const description = text ? `${text.length > room ? `${text.slice(0, room - 1)}…` : text}\n\n${link}` : link
  const when = {
    name: item.name.slice(0, 100),
    privacy_level: GuildScheduledEventPrivacyLevel.GuildOnly,
    scheduled_start_time: item.date.toISOString(),
    scheduled_end_time: new Date(item.date.getTime() + DISCORD_EVENT_HOURS * 3600_000).toISOString(),
    description,
  }
  if (settings.discord_events_channel_id)
    return { ...when, entity_type: GuildScheduledEventEntityType.Voice, channel_id: settings.discord_events_channel_id }
  return {
    ...when,
    entity_type: GuildScheduledEventEntityType.External,
    entity_metadata: { location: settings.discord_events_location || DEFAULT_DISCORD_EVENT_LOCATION },
  }
}

/** Discord's "Unknown Guild Scheduled Event": deleted (by hand, most likely) or never there. */
const gone = (result: { ok: boolean; status?: number }) => !result.ok && result.status === 404

/** Makes Discord match one queued item. Answers the failure, if any. */
async function syncItem(
  services: AppServices,
  row: Claimed,
  settings: DiscordEventSettings,
): Promise<QueueFailure | undefined> {
  const { discord, db } = services
  const item = await loadItem(db, row.kind, row.item_id)
  if (!item) {
    // Deleted in the app: its Discord event goes too (already gone is as good).
    if (!row.discord_event_id) return undefined
    const removed = await discord.deleteScheduledEvent(row.discord_event_id)
    return removed.ok || gone(removed) ? undefined : removed
  }
  if (!item.discord_event || item.hidden) {
    if (!item.discord_event_id) return undefined
    const removed = await discord.deleteScheduledEvent(item.discord_event_id)
    if (!removed.ok && !gone(removed)) return removed
    await setDiscordEventId(db, item, item.discord_event_id, null)
    return undefined
  }
  // Started already: Discord runs (and ends) its event itself, and refuses a start in the past.
  if (item.date.getTime() <= Date.now()) return undefined
  const body = scheduledEventBody(services, item, settings)
  if (item.discord_event_id) {
    const edited = await discord.editScheduledEvent(item.discord_event_id, body)
    if (edited.ok) return undefined
    if (!gone(edited)) return edited
    if (settings.discord_events_drift === 'unlink') {
      await unlink(db, item)
      return undefined
    }
  }
  const created = await discord.createScheduledEvent(body)
  if (!created.ok) return created
  const stored = await setDiscordEventId(db, item, item.discord_event_id, created.data.id)
  // The item was deleted (or published elsewhere) meanwhile: the event just made belongs to nothing.
  if (!stored) await discord.deleteScheduledEvent(created.data.id)
  return undefined
}

/** Stores the item's Discord event id, if it still holds `expected`. Answers whether it did. */
async function setDiscordEventId(db: DbOrTx, item: Item, expected: string | null, id: string | null) {
  const t = tableOf(item.kind)
  const updated = await db
    .update(t)
    .set({ discord_event_id: id })
    .where(and(eq(t.id, item.id), expected === null ? isNull(t.discord_event_id) : eq(t.discord_event_id, expected)))
    .returning({ id: t.id })
  return updated.length > 0
}

/** A Discord event deleted by hand, and the admin chose to follow Discord: the item is no longer published. */
async function unlink(db: DbOrTx, item: Pick<Item, 'kind' | 'id' | 'name'>) {
  const t = tableOf(item.kind)
  await db.update(t).set({ discord_event: false, discord_event_id: null }).where(eq(t.id, item.id))
  await recordAudit(
    db,
    SYSTEM_ACTOR,
    'Discord event unlinked',
    `${item.name} (${item.kind} ${item.id}): its Discord event was deleted on Discord, so it is no longer published.`,
  )
}

// ---- the nightly reconcile ----

export interface DiscordEventReconcile {
  /** Linked items whose Discord event was gone: queued to be made again, or unlinked (setting discord_events_drift). */
  recreated: number
  unlinked: number
  /** Items whose Discord event was missing or left over with nothing queued for them: queued. */
  queued: number
}

/**
 * Repairs drift: every upcoming published item should have its Discord event, and nothing else should. A Discord
 * event deleted by hand is made again or the item unpublished, as the admin chose; an item whose sync was dropped is
 * queued again. Items with a sync queued are left to it. Throws when Discord cannot list its events.
 */
export async function reconcileDiscordEvents(services: AppServices): Promise<DiscordEventReconcile> {
  const result = { recreated: 0, unlinked: 0, queued: 0 }
  if (!services.discord.configured) return result
  const listed = await services.discord.listScheduledEvents()
  if (!listed.ok) throw new Error(`Could not list Discord's scheduled events: ${listed.error}`)
  const onDiscord = new Set(listed.data.map((e) => e.id))
  const { discord_events_drift: drift } = await loadDiscordEventSettings(services.db)
  const now = new Date()
  for (const kind of ['event', 'training'] as const) {
    const t = tableOf(kind)
    const queued = pendingDiscordEvents
    const rows = await services.db
      .select({ id: t.id, name: t.name, discord_event: t.discord_event, discord_event_id: t.discord_event_id })
      .from(t)
      .where(
        and(
          gt(t.date, now),
          or(eq(t.discord_event, true), isNotNull(t.discord_event_id)),
          sql`not exists (select 1 from ${queued} q where q.kind = ${kind} and q.item_id = ${t.id})`,
        ),
      )
    const hidden =
      kind === 'training'
        ? new Set(
            (
              await services.db
                .select({ id: trainings.id })
                .from(trainings)
                .where(
                  and(
                    eq(trainings.is_hidden, true),
                    inArray(
                      trainings.id,
                      rows.map((r) => r.id),
                    ),
                  ),
                )
            ).map((r) => r.id),
          )
        : new Set<number>()
    for (const row of rows) {
      const wanted = row.discord_event && !hidden.has(row.id)
      if (wanted && row.discord_event_id && !onDiscord.has(row.discord_event_id)) {
        if (drift === 'unlink') {
          await unlink(services.db, { kind, id: row.id, name: row.name })
          result.unlinked += 1
        } else {
          await services.db.transaction(async (tx) => {
            await tx.update(t).set({ discord_event_id: null }).where(eq(t.id, row.id))
            await enqueueDiscordEvent(tx, kind, row.id)
          })
          result.recreated += 1
        }
      } else if (wanted ? !row.discord_event_id : Boolean(row.discord_event_id)) {
        await enqueueDiscordEvent(services.db, kind, row.id)
        result.queued += 1
      }
    }
  }
  if (result.recreated || result.unlinked || result.queued) {
    await recordAudit(
      services.db,
      SYSTEM_ACTOR,
      'Discord events reconciled',
      `${result.recreated} recreated, ${result.unlinked} unlinked, ${result.queued} queued again.`,
    )
    wakeDiscordEvents(services)
  }
  return result
}

/** The Discord state of each of these items, for their rows in the admin lists (items not published are left out). */
export async function discordEventStatuses(
  db: DbOrTx,
  kind: DiscordEventKind,
  items: ReadonlyArray<{ id: number; discord_event: boolean; discord_event_id: string | null }>,
): Promise<Record<number, DiscordEventStatus>> {
  const queued = await pendingDiscordEventsOf(
    db,
    kind,
    items.map((i) => i.id),
  )
  const statuses: Record<number, DiscordEventStatus> = {}
  for (const item of items) {
    const status = discordEventStatus(item, queued.has(item.id) ? { error: queued.get(item.id) ?? null } : undefined)
    if (status) statuses[item.id] = status
  }
  return statuses
}
