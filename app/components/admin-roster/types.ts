// Shapes of the roster admin loaders and actions (spec 2 §2 "Roster admin"). Type-only imports of the server's
// shapes: nothing here pulls server code into the client bundle.
import type { SubmissionResult } from '@conform-to/react'
import type { AdminMember } from '#server/roster/members.ts'
import type { AdminRosterMember } from '#server/roster/roster.ts'
import type { QualificationItem } from '#server/roster/qualifications.ts'
import type { ThresholdItem } from '#server/roster/promotions.ts'
import type { GuildChannelItem } from '#server/discord/guild.ts'

export type { AdminMember, AdminRosterMember, QualificationItem, ThresholdItem, GuildChannelItem }

/** The tabs, in the spec's order. Events and Trainings are their own route modules (events.tsx, trainings.tsx). */
export const ROSTER_TABS = [
  { id: 'members', label: 'Members' },
  { id: 'events', label: 'Events' },
  { id: 'trainings', label: 'Trainings' },
  { id: 'qualifications', label: 'Qualifications' },
  { id: 'promotions', label: 'Promotions' },
] as const
export type RosterTab = (typeof ROSTER_TABS)[number]['id']

export const ROSTER_PATH = '/admin/roster'
export const rosterTabPath = (tab: RosterTab) => `${ROSTER_PATH}/${tab}`

/** Spec 2 §9: page sizes of the member list (30 is the default). */
export const PAGE_SIZES = [30, 60, 100] as const

export const RANKS = ['BMT', 'JNCO', 'NCO', 'SNCO', 'JOFC', 'OFC', 'SOFC', 'TEAM'] as const
export type Rank = (typeof RANKS)[number]

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

export interface MembersData {
  filters: MembersFilters
  members: AdminRosterMember[]
  pagination: {
    page: number
    limit: number
    total: number
    totalPages: number
  }
  qualifications: QualificationItem[]
  /** Loaded only for the dialog that needs them (?dialog=ban / ?dialog=graduate). */
  activeMembers: PickItem[] | null
  bmtMembers: PickItem[] | null
  /** ?edit=ID: the member with the id lists the form ticks, and every event and training to tick. */
  editing: {
    member: AdminMember
    events: PickItem[]
    trainings: PickItem[]
  } | null
  /** ?confirm=delete-member-ID: the member's name for the question. */
  confirming: { id: number; name: string } | null
  /** Today's date (YYYY-MM-DD, UTC) as the server saw it: the default join and completion date. */
  today: string
  loadError?: string
}

export interface QualificationsData {
  qualifications: QualificationItem[]
  loadError?: string
}

export interface PromotionsData {
  channelId: string
  /** null: Discord could not be reached; the page offers a plain id field instead. */
  channels: GuildChannelItem[] | null
  channelsError?: string
  thresholds: ThresholdItem[]
  loadError?: string
}

export interface AnswerToast {
  type: 'success' | 'error' | 'info'
  message: string
}

/** What an action answers instead of a redirect: a validation failure (400) of the form named `form`, or a run. */
export interface RosterActionAnswer {
  ok: boolean
  form?: string
  result?: SubmissionResult<string[]>
  toast?: AnswerToast
  /** Run Promotions: the message and who moved up. */
  run?: {
    message: string
    promotedMembers: Array<{ name: string; from: string; to: string }>
  }
}
