import { eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { auditLog } from '#db/schema/audit.ts'
import { awardGrants, awards, memberHistory } from '#db/schema/personnel.ts'
import { memberQualifications, members, qualifications, RANKS, type Rank } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import {
  RECORD_EXPORT_FIELD,
  type CsvImportInput,
  type CsvImportPreview,
  type ImportField,
  type ImportRow,
  type RecordExportKind,
  importSummary,
} from '#contracts/moving.ts'
import { isCalendarDay } from '#contracts/time.ts'
import { actorName, recordAudit } from '../audit/audit.ts'
import { unguardFormula, type ParsedCsv } from '../lib/csv.ts'

// A rival personnel system's record exports (docs/rules/roster.md, Moving in and out): one file per kind of record,
// each row a dated entry of one person's service (a rank they were given, an award, a qualification) with the record's
// text. Read by the same CSV import: the people become members (matched by exact in-game name, else added), their
// records become dated entries of their service record here, marked as coming from an import. A member already on the
// roster keeps their current rank (the file adds history); a member the file adds takes the rank of their latest rank
// record and joins on the day of their first record. Importing the same file again adds nothing.

/** A record export's columns, each by the headers it answers to (compared without case, spaces or punctuation). */
const RECORD_HEADERS = {
  user: ['user', 'user name', 'username', 'user.name'],
  text: ['text', 'user text'],
  date: ['created at', 'created_at'],
} as const
const KIND_HEADERS: Record<RecordExportKind, string[]> = {
  rank: ['rank', 'rank name', 'rank.name'],
  award: ['award', 'award name', 'award.name'],
  qualification: ['qualification', 'qualification name', 'qualification.name'],
}

const squash = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '')
const columnOf = (header: string[], names: readonly string[]) => {
  const wanted = new Set(names.map(squash))
  return header.find((name) => wanted.has(squash(name)))
}

/**
 * The kind of record export a header is, or null for any other file: a "User" column (a roster file names its people
 * in a "Name" column), a creation date, and exactly one of Rank, Award or Qualification.
 */
export function recordKindOf(header: string[]): RecordExportKind | null {
  if (!columnOf(header, RECORD_HEADERS.user) || !columnOf(header, RECORD_HEADERS.date)) return null
  const kinds = (Object.keys(KIND_HEADERS) as RecordExportKind[]).filter((kind) => columnOf(header, KIND_HEADERS[kind]))
  return kinds.length === 1 ? kinds[0]! : null
}

/** The columns a record export is read by: the admin's mapping where given (the person, the record's name). */
export function recordMapping(
  header: string[],
  kind: RecordExportKind,
  asked: CsvImportInput['mapping'],
): Partial<Record<ImportField, string>> {
  const pick = (field: ImportField, names: readonly string[]) => {
    const chosen = asked?.[field]?.trim()
    return chosen && header.includes(chosen) ? chosen : columnOf(header, names)
  }
  const mapping: Partial<Record<ImportField, string>> = {}
  const user = pick('ingame_name', RECORD_HEADERS.user)
  const named = pick(RECORD_EXPORT_FIELD[kind], KIND_HEADERS[kind])
  if (user) mapping.ingame_name = user
  if (named) mapping[RECORD_EXPORT_FIELD[kind]] = named
  return mapping
}

/** A record's day: YYYY-MM-DD, or a timestamp as such systems write it (its day as written). */
function dayOf(value: string): string | null {
  const day = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value)?.[1]
  return day && isCalendarDay(day) ? day : null
}

/** Noon UTC of a day: the same calendar day in every zone a unit plays in. */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`)

interface PlannedRecord {
  row: ImportRow
  /** The member's in-game name (a member the file adds is found by it after it is written). */
  person: string
  memberId: number | null
  day: string
  name: string
  text: string
  rank: Rank | null
}

export interface RecordPlan {
  preview: CsvImportPreview & { records: RecordExportKind }
  planned: PlannedRecord[]
}

/** Plans every row of a record export against the roster in `db`; nothing is written. */
export async function planRecords(
  db: DbOrTx,
  input: CsvImportInput,
  parsed: ParsedCsv,
  kind: RecordExportKind,
): Promise<RecordPlan> {
  const mapping = recordMapping(parsed.header, kind, input.mapping)
  const at = (column: string | undefined) => (column === undefined ? -1 : parsed.header.indexOf(column))
  const userAt = at(mapping.ingame_name)
  const nameAt = at(mapping[RECORD_EXPORT_FIELD[kind]])
  const dateAt = at(columnOf(parsed.header, RECORD_HEADERS.date))
  const textAt = at(columnOf(parsed.header, RECORD_HEADERS.text))
  const cell = (cells: string[], index: number) => (index < 0 ? '' : unguardFormula((cells[index] ?? '').trim()))

  const [memberRows, known, held] = await Promise.all([
    db.select({ id: members.id, name: members.ingame_name }).from(members),
    kind === 'award'
      ? db.select({ name: awards.name }).from(awards)
      : kind === 'qualification'
        ? db.select({ name: qualifications.name }).from(qualifications)
        : Promise.resolve([]),
    existingRecords(db, kind),
  ])
  const memberOf = new Map(memberRows.map((m) => [m.name, m.id]))
  const knownNames = new Set(known.map((k) => k.name.toLowerCase()))
  const rankMap = new Map(Object.entries(input.rank_map ?? {}).map(([name, rank]) => [name.trim().toLowerCase(), rank]))
  const rankOf = (value: string): Rank | null =>
    rankMap.get(value.toLowerCase()) ?? RANKS.find((rank) => rank.toLowerCase() === value.toLowerCase()) ?? null

  const missing = new Map<string, string>()
  const unknownRanks = new Set<string>()
  const added = new Set<string>()
  const seen = new Set<string>()
  const planned: PlannedRecord[] = []
  for (const { line, cells } of parsed.rows) {
    const errors: string[] = []
    const person = cell(cells, userAt)
    const name = cell(cells, nameAt)
    const dateText = cell(cells, dateAt)
    const text = cell(cells, textAt).slice(0, 500)
    if (!person) errors.push('The user is empty.')
    else if (person.length > 100) errors.push('The user name is longer than 100 characters.')
    if (!name) errors.push(`The ${kind} is empty.`)
    const day = dayOf(dateText)
    if (!day) errors.push(`The date "${dateText}" is not a date (YYYY-MM-DD).`)
    const rank = kind === 'rank' && name ? rankOf(name) : null
    if (kind === 'rank' && name && !rank) {
      unknownRanks.add(name)
      errors.push(`The rank "${name}" is not one of the unit's ranks: map it to one.`)
    }
    if (kind !== 'rank' && name && !knownNames.has(name.toLowerCase())) {
      missing.set(name.toLowerCase(), name)
      if (!input.create_missing) errors.push(`Unknown ${kind} "${name}" (tick "Create missing" to add it).`)
    }
    const memberId = memberOf.get(person) ?? null
    const what = recordKey(kind, rank ?? name, day ?? '')
    const already = (memberId !== null && held.has(`${memberId}\u0000${what}`)) || seen.has(`${person}\u0000${what}`)
    seen.add(`${person}\u0000${what}`)
    const action = memberId === null && person && !added.has(person) ? 'create' : already ? 'skip' : 'update'
    if (memberId === null && person) added.add(person)
    planned.push({
      row: {
        line,
        action,
        ingame_name: person,
        errors,
        changes: action === 'update' || action === 'create' ? [`${kind} ${name} on ${day ?? dateText}`] : [],
      },
      person,
      memberId,
      day: day ?? '',
      name,
      text,
      rank,
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
      missing: {
        qualifications: kind === 'qualification' ? [...missing.values()] : [],
        awards: kind === 'award' ? [...missing.values()] : [],
      },
      unknown_ranks: [...unknownRanks],
      delimiter: parsed.delimiter,
      records: kind,
    },
  }
}

/** What makes two records of a kind the same, beside whose they are: the name and day (a qualification: its name). */
function recordKey(kind: RecordExportKind, name: string, day: string): string {
  return kind === 'qualification' ? name.toLowerCase() : `${kind === 'rank' ? name : name.toLowerCase()}\u0000${day}`
}

/** The records of this kind the roster holds already, as "member, recordKey" keys. */
async function existingRecords(db: DbOrTx, kind: RecordExportKind): Promise<Set<string>> {
  const keys = new Set<string>()
  const day = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString().slice(0, 10))
  if (kind === 'rank') {
    for (const h of await db
      .select({ member: memberHistory.member_id, at: memberHistory.at, detail: memberHistory.detail })
      .from(memberHistory)
      .where(eq(memberHistory.kind, 'rank')))
      keys.add(`${h.member}\u0000${recordKey(kind, (h.detail as { to: string }).to, day(h.at))}`)
  } else if (kind === 'award') {
    for (const g of await db
      .select({ member: awardGrants.member_id, name: awardGrants.award_name, date: awardGrants.date })
      .from(awardGrants))
      keys.add(`${g.member}\u0000${recordKey(kind, g.name, day(g.date))}`)
  } else {
    // A qualification held is held: a file cannot grant it twice, whatever day it names.
    for (const q of await db
      .select({ member: memberQualifications.member_id, name: qualifications.name })
      .from(memberQualifications)
      .innerJoin(qualifications, eq(qualifications.id, memberQualifications.qualification_id)))
      keys.add(`${q.member}\u0000${recordKey(kind, q.name, '')}`)
  }
  return keys
}

/**
 * Writes a planned record export inside the caller's transaction (which has marked its changes as an import): the
 * people it adds, then each record dated by the file. Returns the Discord ids whose roles may change.
 */
export async function writeRecords(
  tx: DbOrTx,
  admin: User,
  plan: RecordPlan,
  today: string,
): Promise<{ created: number[]; updated: number; touched: string[] }> {
  const kind = plan.preview.records
  const writing = plan.planned.filter((p) => p.row.action !== 'skip')
  const ids = new Map<string, number>()
  for (const p of writing) if (p.memberId !== null) ids.set(p.person, p.memberId)

  // The people the file adds: their rank is their latest rank record's, they joined on their first record's day.
  const newPeople = [...new Set(writing.filter((p) => p.memberId === null).map((p) => p.person))]
  if (newPeople.length) {
    const ofPerson = (person: string) =>
      plan.planned.filter((p) => p.person === person && p.day).sort((a, b) => a.day.localeCompare(b.day))
    const inserted = await tx
      .insert(members)
      .values(
        newPeople.map((person) => {
          const records = ofPerson(person)
          return {
            ingame_name: person,
            rank: records.filter((r) => r.rank).at(-1)?.rank ?? 'BMT',
            join_date: records[0]?.day ?? today,
          }
        }),
      )
      .returning({ id: members.id, name: members.ingame_name })
    for (const row of inserted) ids.set(row.name, row.id)
  }

  const idOf = (p: PlannedRecord) => ids.get(p.person)!
  if (kind === 'rank') {
    // In each member's order of days: from the rank before (BMT before the first), as the service record reads it.
    const ordered = [...writing].sort((a, b) => idOf(a) - idOf(b) || a.day.localeCompare(b.day))
    const previous = new Map<number, Rank>()
    const entries = []
    for (const p of ordered) {
      const from = previous.get(idOf(p)) ?? 'BMT'
      previous.set(idOf(p), p.rank!)
      entries.push({
        member_id: idOf(p),
        at: noonOf(p.day),
        kind: 'rank' as const,
        detail: { from, to: p.rank! },
        via: 'import' as const,
        actor_user_id: admin.id,
      })
    }
    if (entries.length) await tx.insert(memberHistory).values(entries)
  } else if (kind === 'award') {
    const awardIds = new Map<string, { id: number; name: string }>()
    for (const name of plan.preview.missing.awards) {
      const [row] = await tx.insert(awards).values({ name }).returning({ id: awards.id, name: awards.name })
      await recordAudit(tx, admin, 'Award added', `${name} (import)`)
      awardIds.set(name.toLowerCase(), row!)
    }
    for (const a of await tx.select({ id: awards.id, name: awards.name }).from(awards))
      awardIds.set(a.name.toLowerCase(), a)
    const grants = writing.map((p) => {
      const award = awardIds.get(p.name.toLowerCase())!
      return {
        member_id: idOf(p),
        award_id: award.id,
        award_name: award.name,
        citation: p.text ? `${p.text} (imported)` : 'Imported',
        date: p.day,
        announced: true,
        granted_by_user_id: admin.id,
      }
    })
    if (grants.length) await tx.insert(awardGrants).values(grants)
  } else {
    const qualificationIds = new Map<string, number>()
    for (const name of plan.preview.missing.qualifications) {
      const [row] = await tx.insert(qualifications).values({ name }).returning({ id: qualifications.id })
      await recordAudit(tx, admin, 'Qualification added', `${name} (import)`)
      qualificationIds.set(name.toLowerCase(), row!.id)
    }
    for (const q of await tx.select({ id: qualifications.id, name: qualifications.name }).from(qualifications))
      qualificationIds.set(q.name.toLowerCase(), q.id)
    // A grant is dated by its row (the history entry takes that date): the earliest, where a file names one twice.
    const held = new Map<string, { member_id: number; qualification_id: number; granted_at: Date }>()
    for (const p of [...writing].sort((a, b) => a.day.localeCompare(b.day))) {
      const grant = {
        member_id: idOf(p),
        qualification_id: qualificationIds.get(p.name.toLowerCase())!,
        granted_at: noonOf(p.day),
      }
      held.set(
        `${grant.member_id}:${grant.qualification_id}`,
        held.get(`${grant.member_id}:${grant.qualification_id}`) ?? grant,
      )
    }
    if (held.size)
      await tx
        .insert(memberQualifications)
        .values([...held.values()])
        .onConflictDoNothing()
  }

  // One audit entry per member: what the file added to their record.
  const perMember = new Map<number, PlannedRecord[]>()
  for (const p of writing) perMember.set(idOf(p), [...(perMember.get(idOf(p)) ?? []), p])
  const added = new Set(newPeople.map((person) => ids.get(person)))
  const entries = [...perMember].map(([memberId, records]) => ({
    actor: actorName(admin),
    actor_user_id: admin.id,
    action: added.has(memberId) ? 'Member imported' : 'Member updated (import)',
    details: `${records[0]!.person}: ${records.length} ${kind} record${records.length === 1 ? '' : 's'} from a CSV file`,
  }))
  if (entries.length) await tx.insert(auditLog).values(entries)

  const touched =
    kind === 'qualification' && perMember.size
      ? (
          await tx
            .select({ discord_id: members.discord_id })
            .from(members)
            .where(inArray(members.id, [...perMember.keys()]))
        )
          .map((m) => m.discord_id)
          .filter((id): id is string => !!id)
      : []
  return { created: newPeople.map((person) => ids.get(person)!), updated: perMember.size - added.size, touched }
}
