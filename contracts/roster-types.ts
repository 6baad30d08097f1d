import type { AwardGrantItem, AwardItem, RackAward, RosterAward } from './awards.ts'
import type { RolePickerData } from './guild.ts'
import type { Rank } from './roster.ts'

// The JSON shapes the roster services answer (GET /api/roster*, the roster admin's loaders) and the pages read.
// Type-only: nothing here runs.

/** A row of the public roster (GET /api/roster). */
export interface RosterMember {
  id: number
  ingame_name: string
  rank: Rank
  join_date: string
  event_score: number
  /** The awards held, one entry per award with its count, in precedence order. */
  awards: RosterAward[]
  /** On leave of absence today (an approved leave covering the unit's today: docs/rules/personnel.md). */
  on_loa: boolean
}

/** A row of the admin roster: every field the roster admin edits. */
export interface AdminRosterMember extends RosterMember {
  discord_id: string | null
  bohemia_uuid: string | null
  notes: string | null
  hidden_score: number
  attended_events_count: number
  is_banned: boolean
  banned_date: string | null
  ban_reason: string | null
}

interface Pagination {
  page: number
  limit: number
  total: number
  totalPages: number
}

export interface RosterPage<M> {
  members: M[]
  pagination: Pagination
}

/** The public member view (the member sheet; GET /api/roster/member/{id}). */
export interface PublicMember {
  id: number
  ingame_name: string
  rank: Rank
  join_date: string
  event_score: number
  /** On leave of absence today. */
  on_loa: boolean
  qualifications: Array<{ id: number; name: string; description: string | null }>
  events: Array<{ id: number; name: string; date: string; orbat_image_url: string | null }>
  trainings: Array<{ id: number; name: string; date: string; is_bmt_training: boolean }>
  /** The ribbon rack: each award held, with its image and count, in precedence order. */
  awards: RackAward[]
}

/** The admin member view (GET /api/roster/admin/member/{id}): every field plus the id lists the edit form ticks. */
export interface AdminMember {
  id: number
  ingame_name: string
  rank: Rank
  join_date: string
  notes: string | null
  discord_id: string | null
  bohemia_uuid: string | null
  hidden_score: number
  attended_events_count: number
  event_score: number
  is_banned: boolean
  banned_date: string | null
  ban_reason: string | null
  qualifications: number[]
  events: number[]
  trainings: number[]
  /** The ribbon rack, and each grant (newest first) the member sheet can revoke. */
  awards: RackAward[]
  award_grants: AwardGrantItem[]
}

export interface QualificationItem {
  id: number
  name: string
  description: string | null
  discord_role_id: string | null
}

export interface ThresholdItem {
  id: number | null
  from_rank: Rank
  to_rank: Rank
  /** null: no automatic promotion from this rank. */
  required_score: number | null
}

/** POST /api/roster/promotions/run, the page's run and the weekly job: the message and who moved up. */
export interface PromotionRun {
  message: string
  promotedMembers: Array<{ name: string; from: Rank; to: Rank }>
}

/** A name and id pick list (members for Ban a Member and Graduate BMTs, events and trainings for Edit). */
export interface PickItem {
  id: number
  name: string
  /** A second line: rank, date. */
  detail?: string
}

export interface MembersFilters {
  term: string
  type: 'name' | 'discord_id' | 'bohemia_uuid'
  qualification: number | null
  is_banned: boolean
  page: number
  limit: number
}

/** The Members tab. */
export interface MembersData {
  filters: MembersFilters
  members: AdminRosterMember[]
  pagination: Pagination
  qualifications: QualificationItem[]
  /** Read only for the dialog that needs them (?dialog=ban / ?dialog=graduate). */
  activeMembers: PickItem[] | null
  bmtMembers: PickItem[] | null
  /** ?edit=ID: the member with the id lists the form ticks, and every event and training to tick. */
  editing: { member: AdminMember; events: PickItem[]; trainings: PickItem[] } | null
  /** ?confirm=delete-member-ID: the member's name for the question. */
  confirming: { id: number; name: string } | null
  /** Read only for the member sheet (?edit=ID) and Grant Award (?dialog=grant-award&member=ID): the awards to grant. */
  awards: AwardItem[] | null
  /** ?dialog=grant-award&member=ID: the member an award is granted to. */
  granting: { id: number; name: string } | null
  /** ?confirm=revoke-award-GRANT_ID: the grant the question is about. */
  revoking: { id: number; member_id: number; name: string; member: string } | null
  /** ?dialog=bulk: what the bulk actions pick from (the awards, the recent events). */
  bulk: { awards: PickItem[]; events: PickItem[] } | null
  /** Today's date (YYYY-MM-DD, UTC) as the server saw it: the default join and completion date. */
  today: string
  loadError?: string
}

export interface QualificationsData extends RolePickerData {
  qualifications: QualificationItem[]
  loadError?: string
}

/**
 * How many a promotion run would move up now, per rank (a dry run), for the question Run Promotions asks first. Counts,
 * not names: the question names none, and on a big unit the names weighed most of the page.
 */
export interface PromotionPreview {
  /** Each rank anyone would move from, lowest first, with the rank they would move to and how many. */
  steps: Array<{ from: Rank; to: Rank; count: number }>
}

/** The Promotions tab. */
export interface PromotionsData {
  channelId: string
  /** The guild's text and announcement channels; null: Discord could not be reached (a plain id field instead). */
  channels: Array<{ id: string; name: string }> | null
  channelsError?: string
  thresholds: ThresholdItem[]
  /** The zone of the weekly run (setting unit_time_zone). */
  unitTimeZone: string
  loadError?: string
}
