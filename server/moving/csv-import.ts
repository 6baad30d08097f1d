import { eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { awardGrants, awards } from '#db/schema/personnel.ts'
import { memberQualifications, members, qualifications, RANKS, type Rank } from '#db/schema/roster.ts'
import {
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  MOVING_MESSAGES,
  type CsvImportInput,
  type CsvImportPreview,
  type CsvImportResult,
  type ImportField,
  type ImportRow,
  importSummary,
} from '#contracts/moving.ts'
import { isCalendarDay } from '#contracts/time.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { actorName, recordAudit } from '../audit/audit.ts'
import { auditLog } from '#db/schema/audit.ts'
import type { AppServices } from '../context.ts'
import { Invalid } from '../errors.ts'
import { unitToday } from '../leave/days.ts'
import { CsvError, parseCsv, unguardFormula, type ParsedCsv } from '../lib/csv.ts'
import { markChange } from '../personnel/history.ts'
import { runTransaction } from '../transaction.ts'
import { emitMemberEvents } from '../roster/members.ts'
import { planRecords, recordKindOf, writeRecords } from './record-import.ts'

// The roster from a CSV file (docs/rules/roster.md, Moving in and out). A preview reads the file, maps its columns to
// roster fields (by header, or as the admin mapped them), and says of every row whether it creates a member, updates
// one (matched by Discord id, then by exact in-game name) or changes nothing, with each row's errors in words. Apply
// does the same reading again inside one transaction and writes only when no row has an error: all or nothing. A
// rival personnel system's record export (dated ranks, awards or qualifications) is told by its header and read by
// server/moving/record-import.ts.

/** Header names each field answers to, compared without case, spaces or punctuation. */
const HEADER_NAMES: Record<ImportField, string[]> = {
  ingame_name: [
    'ingame_name',
    'in-game name',
    'ingame',
    'name',
    'member',
    'member name',
    'callsign',
    'username',
    'user name',
    'display name',
    'nickname',
  ],
  discord_id: ['discord_id', 'discord id', 'discord', 'discord user id', 'discord snowflake'],
  rank: ['rank', 'grade', 'rank name'],
  join_date: [
    'join_date',
    'join date',
    'joined',
    'joined at',
    'date joined',
    'joined on',
    'enlisted',
    'enlistment date',
    'start date',
  ],
  bohemia_uuid: ['bohemia_uuid', 'bohemia uuid', 'bohemia id', 'uuid', 'arma uuid'],
  notes: ['notes', 'note', 'comments', 'remarks'],
  qualifications: ['qualifications', 'qualification', 'quals', 'certifications', 'specialties', 'specialty'],
  attended_events_count: [
    'attended_events_count',
    'attended events',
    'events attended',
    'attendance',
    'operations attended',
  ],
  awards: ['awards', 'award', 'medals', 'ribbons', 'decorations'],
}

const squash = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '')

/** The column each field reads: the admin's choice where given, else the first header that answers to the field. */
function resolveMapping(header: string[], asked: CsvImportInput['mapping']): Partial<Record<ImportField, string>> {
  const mapping: Partial<Record<ImportField, string>> = {}
  const taken = new Set<string>()
  for (const field of IMPORT_FIELDS) {
    if (asked && field in asked) {
      const column = asked[field]?.trim()
      if (!column) continue
      if (!header.includes(column)) throw new Invalid(`The file has no column "${column}" (mapped to ${field}).`)
      mapping[field] = column
      taken.add(column)
    }
  }
  for (const field of IMPORT_FIELDS) {
    if (asked && field in asked) continue
    const names = new Set(HEADER_NAMES[field].map(squash))
    const column = header.find((name) => name && !taken.has(name) && names.has(squash(name)))
    if (column) {
      mapping[field] = column
      taken.add(column)
    }
  }
  return mapping
}

/** A list cell: names split on semicolons or bars, or on commas when it has neither. */
function listOf(value: string): string[] {
  const parts = /[;|]/.test(value) ? value.split(/[;|]/) : value.split(',')
  return [...new Set(parts.map((part) => part.trim()).filter(Boolean))]
}

/** A join date as files write it: YYYY-MM-DD, or an ISO timestamp (its day). */
function dayOf(value: string): string | null {
  const day = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value)?.[1]
  return day && isCalendarDay(day) ? day : null
}

interface ExistingMember {
  id: number
  ingame_name: string
  discord_id: string | null
  bohemia_uuid: string | null
  rank: Rank
  join_date: string
  notes: string | null
  attended_events_count: number
  qualifications: Set<string>
  awards: Set<string>
}

/** A row as it will be written. */
interface PlannedRow {
  row: ImportRow
  memberId: number | null
  values: {
    ingame_name: string
    discord_id?: string | null
    rank?: Rank
    join_date?: string
    bohemia_uuid?: string | null
    notes?: string | null
    attended_events_count?: number
  }
  addQualifications: string[]
  addAwards: string[]
}

interface Plan {
  preview: CsvImportPreview
  planned: PlannedRow[]
}

async function roster(db: DbOrTx) {
  const [memberRows, qualificationRows, awardRows, held, granted] = await Promise.all([
    db
      .select({
        id: members.id,
        ingame_name: members.ingame_name,
        discord_id: members.discord_id,
        bohemia_uuid: members.bohemia_uuid,
        rank: members.rank,
        join_date: members.join_date,
        notes: members.notes,
        attended_events_count: members.attended_events_count,
      })
      .from(members),
    db.select({ id: qualifications.id, name: qualifications.name }).from(qualifications),
    db.select({ id: awards.id, name: awards.name }).from(awards),
    db
      .select({ member: memberQualifications.member_id, name: qualifications.name })
      .from(memberQualifications)
      .innerJoin(qualifications, eq(qualifications.id, memberQualifications.qualification_id)),
    db.select({ member: awardGrants.member_id, name: awardGrants.award_name }).from(awardGrants),
  ])
  const byId = new Map<number, ExistingMember>(
    memberRows.map((m) => [m.id, { ...m, qualifications: new Set<string>(), awards: new Set<string>() }]),
  )
  for (const q of held) byId.get(q.member)?.qualifications.add(q.name.toLowerCase())
  for (const a of granted) byId.get(a.member)?.awards.add(a.name.toLowerCase())
  const list = [...byId.values()]
  return {
    byDiscordId: new Map(list.filter((m) => m.discord_id).map((m) => [m.discord_id!, m])),
    byName: new Map(list.map((m) => [m.ingame_name, m])),
    byUuid: new Map(list.filter((m) => m.bohemia_uuid).map((m) => [m.bohemia_uuid!, m])),
    qualificationIds: new Map(qualificationRows.map((q) => [q.name.toLowerCase(), q])),
    awardIds: new Map(awardRows.map((a) => [a.name.toLowerCase(), a])),
  }
}

/** The file's rows, or Invalid for a file that is not CSV or is too big. */
function readFile(input: CsvImportInput): ParsedCsv {
  if (Buffer.byteLength(input.csv, 'utf8') > IMPORT_LIMITS.maxBytes) throw new Invalid(MOVING_MESSAGES.tooLarge)
  try {
    return parseCsv(input.csv, IMPORT_LIMITS.maxRows)
  } catch (error) {
    if (error instanceof CsvError) {
      throw new Invalid(
        error.message.startsWith('The file has more than')
          ? MOVING_MESSAGES.tooManyRows
          : `${MOVING_MESSAGES.notCsv} ${error.message}`,
      )
    }
    throw error
  }
}

/** Plans every row of a roster file against the roster as it is in `db`. Throws Invalid for a file it cannot use. */
async function plan(db: DbOrTx, input: CsvImportInput, parsed: ParsedCsv): Promise<Plan> {
  const mapping = resolveMapping(parsed.header, input.mapping)
  if (!mapping.ingame_name) throw new Invalid(MOVING_MESSAGES.noNameColumn)
  const index = Object.fromEntries(
    Object.entries(mapping).map(([field, column]) => [field, parsed.header.indexOf(column)]),
  ) as Partial<Record<ImportField, number>>
  const read = (cells: string[], field: ImportField): string | null => {
    const at = index[field]
    if (at === undefined) return null
    const value = unguardFormula((cells[at] ?? '').trim())
    return value === '' ? null : value
  }

  const unit = await roster(db)
  const { today } = await unitToday(db)
  const rankMap = new Map(Object.entries(input.rank_map ?? {}).map(([name, rank]) => [name.trim().toLowerCase(), rank]))
  const rankOf = (value: string): Rank | null =>
    rankMap.get(value.toLowerCase()) ?? RANKS.find((rank) => rank.toLowerCase() === value.toLowerCase()) ?? null

  const missingQualifications = new Map<string, string>()
  const missingAwards = new Map<string, string>()
  const unknownRanks = new Set<string>()
  const seenMembers = new Set<number>()
  const seenDiscordIds = new Set<string>()
  const seenNames = new Set<string>()
  const seenUuids = new Set<string>()
  const planned: PlannedRow[] = []

  for (const { line, cells } of parsed.rows) {
    const errors: string[] = []
    const name = read(cells, 'ingame_name')
    const discordId = read(cells, 'discord_id')
    const rankText = read(cells, 'rank')
    const joinText = read(cells, 'join_date')
    const uuid = read(cells, 'bohemia_uuid')
    const notes = read(cells, 'notes')
    const attendedText = read(cells, 'attended_events_count')
    const qualificationNames = listOf(read(cells, 'qualifications') ?? '')
    const awardNames = listOf(read(cells, 'awards') ?? '')

    if (!name) errors.push('The in-game name is empty.')
    else if (name.length > 100) errors.push('The in-game name is longer than 100 characters.')
    if (discordId !== null && !/^\d{1,25}$/.test(discordId))
      errors.push(`The Discord ID "${discordId}" is not digits only.`)
    const rank = rankText === null ? null : rankOf(rankText)
    if (rankText !== null && !rank) {
      unknownRanks.add(rankText)
      errors.push(`The rank "${rankText}" is not one of the unit's ranks: map it to one.`)
    }
    const joinDate = joinText === null ? null : dayOf(joinText)
    if (joinText !== null && !joinDate) errors.push(`The join date "${joinText}" is not a date (YYYY-MM-DD).`)
    if (uuid !== null && uuid.length > 100) errors.push('The Bohemia UUID is longer than 100 characters.')
    if (notes !== null && notes.length > 5000) errors.push('The notes are longer than 5,000 characters.')
    const attended = attendedText === null ? null : /^\d{1,9}$/.test(attendedText) ? Number(attendedText) : NaN
    if (Number.isNaN(attended)) errors.push(`Attended events "${attendedText}" is not a whole number.`)
    for (const qualification of qualificationNames) {
      if (unit.qualificationIds.has(qualification.toLowerCase())) continue
      missingQualifications.set(qualification.toLowerCase(), qualification)
      if (!input.create_missing)
        errors.push(`Unknown qualification "${qualification}" (tick "Create missing" to add it).`)
    }
    for (const award of awardNames) {
      if (unit.awardIds.has(award.toLowerCase())) continue
      missingAwards.set(award.toLowerCase(), award)
      if (!input.create_missing) errors.push(`Unknown award "${award}" (tick "Create missing" to add it).`)
    }

    // Matched by Discord id, then by exact in-game name.
    const match =
      (discordId !== null && /^\d{1,25}$/.test(discordId) ? unit.byDiscordId.get(discordId) : undefined) ??
      (name ? unit.byName.get(name) : undefined)
    if (match && discordId && match.discord_id && match.discord_id !== discordId)
      errors.push(`"${name}" is on the roster with another Discord ID (${match.discord_id}).`)
    if (match && seenMembers.has(match.id)) errors.push(`Another row of the file already matches ${match.ingame_name}.`)
    if (!match && name && seenNames.has(name)) errors.push(`Another row of the file already adds "${name}".`)
    if (discordId && seenDiscordIds.has(discordId))
      errors.push(`Another row of the file has the Discord ID ${discordId}.`)
    if (uuid) {
      const holder = unit.byUuid.get(uuid)
      if (holder && holder.id !== match?.id) errors.push(`The Bohemia UUID is ${holder.ingame_name}'s on the roster.`)
      if (seenUuids.has(uuid)) errors.push('Another row of the file has the same Bohemia UUID.')
    }
    if (match) seenMembers.add(match.id)
    if (name) seenNames.add(name)
    if (discordId) seenDiscordIds.add(discordId)
    if (uuid) seenUuids.add(uuid)

    const addQualifications = qualificationNames.filter((q) => !match?.qualifications.has(q.toLowerCase()))
    const addAwards = awardNames.filter((a) => !match?.awards.has(a.toLowerCase()))
    const changes: string[] = []
    const values: PlannedRow['values'] = { ingame_name: name ?? '' }
    if (match) {
      // An empty cell leaves the field as it is: a file never blanks what it does not name.
      if (name && name !== match.ingame_name) changes.push(`name ${match.ingame_name} -> ${name}`)
      const set = <K extends keyof PlannedRow['values']>(field: K, value: PlannedRow['values'][K], said: string) => {
        values[field] = value
        changes.push(said)
      }
      if (discordId && discordId !== match.discord_id) set('discord_id', discordId, `Discord ID ${discordId}`)
      if (rank && rank !== match.rank) set('rank', rank, `rank ${match.rank} -> ${rank}`)
      if (joinDate && joinDate !== match.join_date) set('join_date', joinDate, `join date ${joinDate}`)
      if (uuid && uuid !== match.bohemia_uuid) set('bohemia_uuid', uuid, 'Bohemia UUID')
      if (notes && notes !== (match.notes ?? '')) set('notes', notes, 'notes')
      if (attended !== null && !Number.isNaN(attended) && attended !== match.attended_events_count)
        set('attended_events_count', attended, `attended events ${match.attended_events_count} -> ${attended}`)
      if (addQualifications.length) changes.push(`+ ${addQualifications.join(', ')}`)
      if (addAwards.length) changes.push(`+ ${addAwards.join(', ')}`)
    } else {
      Object.assign(values, {
        discord_id: discordId,
        rank: rank ?? 'BMT',
        join_date: joinDate ?? today,
        bohemia_uuid: uuid,
        notes,
        attended_events_count: attended !== null && !Number.isNaN(attended) ? attended : 0,
      })
    }
    const action = match ? (changes.length ? 'update' : 'skip') : 'create'
    planned.push({
      row: { line, action, ingame_name: name ?? '', errors, changes },
      memberId: match?.id ?? null,
      values,
      addQualifications,
      addAwards,
    })
  }

  const rows = planned.map((p) => p.row)
  return {
    planned,
    preview: {
      columns: parsed.header,
      mapping,
      rows,
      summary: importSummary(rows),
      missing: { qualifications: [...missingQualifications.values()], awards: [...missingAwards.values()] },
      unknown_ranks: [...unknownRanks],
      delimiter: parsed.delimiter,
    },
  }
}

/** What the file would do: every row's action and errors; nothing is written. */
export async function previewCsvImport(db: DbOrTx, input: CsvImportInput): Promise<CsvImportPreview> {
  const parsed = readFile(input)
  const records = recordKindOf(parsed.header)
  return (records ? await planRecords(db, input, parsed, records) : await plan(db, input, parsed)).preview
}

/** Rows per statement when the import writes (well under PostgreSQL's 65,535 parameters). */
const BATCH = 1000

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** A refusal that carries the preview's rows: any row with an error, and nothing was written. */
export class ImportRefused extends Invalid {
  constructor(readonly preview: CsvImportPreview) {
    super(MOVING_MESSAGES.rowsHaveErrors)
  }
}

/**
 * Writes the file's rows in one transaction: creates and updates, the qualifications and awards they add (with
 * `create_missing`, the ones the unit lacks first), one audit entry per member; the role sync is queued once per
 * member with a Discord id. Any row with an error refuses the whole file (ImportRefused) and writes nothing.
 */
export async function applyCsvImport(
  services: AppServices,
  admin: User,
  input: CsvImportInput,
): Promise<CsvImportResult> {
  return runTransaction(
    services,
    async (tx) => {
      const parsed = readFile(input)
      const records = recordKindOf(parsed.header)
      if (records) {
        const recordPlan = await planRecords(tx, input, parsed, records)
        if (recordPlan.preview.summary.errors) throw new ImportRefused(recordPlan.preview)
        await markChange(tx, 'import', admin)
        const written = await writeRecords(tx, admin, recordPlan, (await unitToday(tx)).today)
        await emitMemberEvents(tx, 'member.created', written.created)
        return {
          result: {
            created: written.created.length,
            updated: written.updated,
            skipped: recordPlan.preview.summary.skip,
          },
          touched: written.touched,
        }
      }
      const { preview, planned } = await plan(tx, input, parsed)
      if (preview.summary.errors) throw new ImportRefused(preview)
      await markChange(tx, 'import', admin)
      const { today } = await unitToday(tx)
      const qualificationIds = new Map<string, number>()
      const awardIds = new Map<string, { id: number; name: string }>()
      for (const q of await tx.select({ id: qualifications.id, name: qualifications.name }).from(qualifications))
        qualificationIds.set(q.name.toLowerCase(), q.id)
      for (const a of await tx.select({ id: awards.id, name: awards.name }).from(awards))
        awardIds.set(a.name.toLowerCase(), a)
      for (const name of preview.missing.qualifications) {
        const [row] = await tx.insert(qualifications).values({ name }).returning({ id: qualifications.id })
        qualificationIds.set(name.toLowerCase(), row!.id)
        await recordAudit(tx, admin, 'Qualification added', `${name} (import)`)
      }
      for (const name of preview.missing.awards) {
        const [row] = await tx.insert(awards).values({ name }).returning({ id: awards.id, name: awards.name })
        awardIds.set(name.toLowerCase(), row!)
        await recordAudit(tx, admin, 'Award added', `${name} (import)`)
      }

      // Written in batches (a 5,000-row file is a few dozen statements, not tens of thousands), in the file's order.
      const writing = planned.filter((p) => p.row.action !== 'skip')
      const creates = writing.filter((p) => p.memberId === null)
      const idOfName = new Map<string, number>()
      for (const batch of chunks(creates, BATCH)) {
        const inserted = await tx
          .insert(members)
          .values(
            batch.map(({ values }) => ({
              ...values,
              rank: values.rank ?? 'BMT',
              join_date: values.join_date ?? today,
            })),
          )
          .returning({ id: members.id, name: members.ingame_name })
        // A file never adds two members of one name (a row error), so the name finds the row.
        for (const row of inserted) idOfName.set(row.name, row.id)
      }
      for (const { memberId, values } of writing.filter((p) => p.memberId !== null))
        await tx
          .update(members)
          .set({ ...values, updated_at: new Date() })
          .where(eq(members.id, memberId!))
      const idOf = (p: PlannedRow) => p.memberId ?? idOfName.get(p.values.ingame_name)!
      const entries = writing.map((p) => ({
        actor: actorName(admin),
        actor_user_id: admin.id,
        action: p.memberId === null ? 'Member imported' : 'Member updated (import)',
        details:
          p.memberId === null
            ? `${p.values.ingame_name} (${p.values.rank ?? 'BMT'}), CSV line ${p.row.line}`
            : `${p.values.ingame_name}: ${p.row.changes.join(', ')}`,
      }))
      for (const batch of chunks(entries, BATCH)) await tx.insert(auditLog).values(batch)
      const held = writing.flatMap((p) =>
        p.addQualifications.map((q) => ({
          member_id: idOf(p),
          qualification_id: qualificationIds.get(q.toLowerCase())!,
        })),
      )
      for (const batch of chunks(held, BATCH)) await tx.insert(memberQualifications).values(batch).onConflictDoNothing()
      const grants = writing.flatMap((p) =>
        p.addAwards.map((a) => {
          const award = awardIds.get(a.toLowerCase())!
          return {
            member_id: idOf(p),
            award_id: award.id,
            award_name: award.name,
            citation: 'Imported from a CSV file',
            date: today,
            granted_by_user_id: admin.id,
          }
        }),
      )
      for (const batch of chunks(grants, BATCH)) await tx.insert(awardGrants).values(batch)
      await emitMemberEvents(tx, 'member.created', creates.map(idOf))
      await emitMemberEvents(tx, 'member.updated', writing.filter((p) => p.memberId !== null).map(idOf))
      const created = creates.length
      const updated = writing.length - created
      const touched = writing.map((p) => p.values.discord_id ?? null)
      const discordIds = new Set(touched)
      // An update that leaves the Discord id as it was still changes what the member's roles should be.
      const keptIds = writing.filter((p) => p.memberId !== null && p.values.discord_id === undefined).map(idOf)
      if (keptIds.length)
        for (const row of await tx
          .select({ discord_id: members.discord_id })
          .from(members)
          .where(inArray(members.id, keptIds)))
          if (row.discord_id && !discordIds.has(row.discord_id)) touched.push(row.discord_id)
      return { result: { created, updated, skipped: preview.summary.skip }, touched }
    },
    {
      name: 'import roster CSV',
      changes: ['roster', 'orbat'],
      syncRoles: ({ touched }) => touched,
    },
  ).then(({ result }) => result)
}
