// What a signed-in member may do on the public ORBAT (actions that cannot succeed are not offered: docs/rules/orbat.md). The
// server computes it from the same rules its use cases enforce (server/orbat/rights.ts); the page shows a reason
// instead of a button that would fail. The refusal texts are kept here only: the page says what the server answers.

/** The member writes of the public ORBAT, by the one name the page's forms (their intent) and the server give them. */
export const MEMBER_WRITES = {
  signup: 'signup',
  leave: 'leave',
  joinWaitlist: 'join-waitlist',
  leaveWaitlist: 'leave-waitlist',
} as const
export type MemberWrite = (typeof MEMBER_WRITES)[keyof typeof MEMBER_WRITES]

/** What each member write answers when it succeeds: the /api's `message`, and the page's toast. */
export const MEMBER_WRITE_MESSAGES = {
  signedUp: 'Successfully signed up!',
  leftSlot: 'You have left the slot.',
  joinedWaitlist: 'Successfully joined the waitlist!',
  leftWaitlist: 'You have left the waitlist.',
} as const

/**
 * Why a member write is refused, by the code the stored functions answer (db/functions/orbat.sql, waitlist.sql): the
 * one home of the texts, for the page (the reason beside a disabled control) and the answers of the page's forms and
 * the /api alike (server/refusals.ts gives each its status). `%s` stands for the refusal's detail. A writer whose
 * session has ended is refused as signedOut, answered with the app's one 401 (server/errors.ts).
 */
export const ORBAT_REFUSALS = {
  signUpsLocked: 'Sign-ups are locked.',
  unlockFillPending: 'The waitlist fill of the unlock has not run yet.',
  bannedSignUp: 'Banned members cannot sign up.',
  slotNotFound: 'Slot not found.',
  notASlot: 'This row is a heading, not a slot.',
  alreadyYourSlot: 'You are already signed up to this slot.',
  slotTaken: 'This slot is already taken.',
  roleLocked: 'This slot is locked to %s. You do not have the required Discord role.',
  slotReserved: 'This slot is reserved for %s.',
  guestOutsideReservation: 'Guests of %s can only take slots reserved for %s.',
  notYourSlot: 'You can only leave your own slot.',
  waitlistLocked: 'The waitlist is locked until sign-ups open.',
  bannedWaitlist: 'Banned members cannot join the waitlist.',
  holdsSlot: 'You already hold a slot. Leave it before joining the waitlist.',
  noEligibleRole: 'You need an eligible Discord role to join the waitlist.',
  noGeneralWaitlist: 'Your roles do not allow joining the general waitlist. Choose a squad preference.',
  squadTakesNoPreferences: 'That squad does not take waitlist preferences.',
  alreadyOnWaitlist: 'You are already on the waitlist.',
  notOnWaitlist: 'You are not on the waitlist.',
} as const
export type OrbatRefusalCode = keyof typeof ORBAT_REFUSALS

/** Refusals about one field of the waitlist form: the field, and the hint shown beside it. */
export const ORBAT_REFUSAL_FIELDS: Partial<Record<OrbatRefusalCode, { field: string; hint: string }>> = {
  squadTakesNoPreferences: { field: 'squad_preference', hint: 'Choose one of the listed squads.' },
}

/** A refusal's text, its detail (the lock of a role-locked slot) filled in. */
export function orbatRefusalText(code: OrbatRefusalCode, detail?: string | null): string {
  // NOTE: a replacer function, so a `$&` in a role name is not read as a replacement pattern.
  return ORBAT_REFUSALS[code].replaceAll('%s', () => detail ?? '')
}

/** A role-locked slot refused to a member without one of the lock's Discord roles. */
export function roleLockRefusal(lock: string): Refusal {
  return { label: 'roleRequired', code: 'roleLocked', detail: lock }
}

/** A slot reserved for an allied unit, refused to everyone but that unit's guests (docs/rules/orbat.md). */
export function reservedSlotRefusal(unitName: string): Refusal {
  return { label: 'reserved', code: 'slotReserved', detail: unitName }
}

/** A slot a guest may not take: not reserved for their unit (`reserved`: reserved for another one). */
export function guestRefusal(unitName: string, reserved: boolean): Refusal {
  return { label: reserved ? 'reserved' : 'membersOnly', code: 'guestOutsideReservation', detail: unitName }
}

/** The short words a refused control shows, by key (the page says them in its language: `orbat.refusalLabels`). */
export type RefusalLabel = 'banned' | 'reserved' | 'membersOnly' | 'roleRequired'

/**
 * An action the page shows disabled: a short label on the control, and the whole reason beside or under it, the
 * refusal the server would answer (its code and detail: the page writes it in its language, the /api in English).
 */
export interface Refusal {
  label: RefusalLabel
  code: OrbatRefusalCode
  detail: string | null
}

/** A refusal's whole reason in English, as the /api says it. */
export function refusalReason(refusal: Pick<Refusal, 'code' | 'detail'>): string {
  return orbatRefusalText(refusal.code, refusal.detail)
}

export interface OrbatRights {
  /** Role-lock names (eligible role names) whose Discord roles the member holds. */
  qualifiedLocks: string[]
  /** Why no slot can be taken at all (a ban), or null. */
  signUpRefusal: Refusal | null
  /** Why the waitlist cannot be joined at all (a ban, no eligible role), or null. */
  waitlistRefusal: OrbatRefusalCode | null
  /** One of the member's eligible roles allows the general (Any Squad) waitlist. */
  generalWaitlist: boolean
  /**
   * The allied unit the viewer is a guest of (they may take only the slots reserved for it), or null: roster members
   * and everyone else, who may not take a reserved slot while its reservation holds.
   */
  guestOf: AlliedUnitRef | null
  /** Role locks bind the viewer: false for a guest whose allied unit does not ask its guests to hold the roles. */
  roleLocksApply: boolean
}

/** An allied unit as the ORBAT names it. */
export interface AlliedUnitRef {
  id: number
  name: string
  tag: string
}
