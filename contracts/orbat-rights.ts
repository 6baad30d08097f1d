// What a signed-in member may do on the public ORBAT (actions that cannot succeed are not offered:
// docs/rules/orbat.md). The server computes it from the same rules its use cases enforce (server/orbat/rights.ts); the
// page shows a reason instead of a button that would fail. The refusal texts are shared: the page says what the server
// would answer.

export const ORBAT_REFUSALS = {
  bannedSignUp: 'Banned members cannot sign up.',
  bannedWaitlist: 'Banned members cannot join the waitlist.',
  noEligibleRole: 'You need an eligible Discord role to join the waitlist.',
  noGeneralWaitlist: 'Your roles do not allow joining the general waitlist. Choose a squad preference.',
  holdsSlot: 'You already hold a slot. Leave it before joining the waitlist.',
} as const

/** A role-locked slot refused to a member without one of the lock's Discord roles. */
export function roleLockRefusal(lock: string): string {
  return `This slot is locked to ${lock}. You do not have the required Discord role.`
}

/** An action the page shows disabled: a short label on the control, and the whole reason beside or under it. */
export interface Refusal {
  label: string
  reason: string
}

export interface OrbatRights {
  /** Role-lock names (eligible role names) whose Discord roles the member holds. */
  qualifiedLocks: string[]
  /** Why no slot can be taken at all (a ban), or null. */
  signUpRefusal: Refusal | null
  /** Why the waitlist cannot be joined at all (a ban, no eligible role), or null. */
  waitlistRefusal: string | null
  /** One of the member's eligible roles allows the general (Any Squad) waitlist. */
  generalWaitlist: boolean
}
