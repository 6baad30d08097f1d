import { createContext, useContext } from 'react'
import { MEMBER_WRITES, type AlliedUnitRef, type Refusal } from '#contracts/orbat-rights.ts'

/** Where the page's forms post (the /orbat route's action) and where anonymous users are sent to log in. */
export const ORBAT_PATH = '/orbat'
export const LOGIN_HREF = `/auth/discord?returnTo=${encodeURIComponent(ORBAT_PATH)}`

/** The confirmation before leaving a slot (docs/rules/orbat.md). */
export const LEAVE_CONFIRM = 'Are you sure you want to leave this slot?'

/** The intents of the page's forms: the names the server's one handler of the member writes knows them by. */
export const INTENTS = MEMBER_WRITES

/** Who is looking at the ORBAT, for the slot rows of the diagram (inside React Flow's nodes) and of the list. */
export interface OrbatViewer {
  userId: number | null
  /** Role-lock names (eligible role names) the user's Discord roles satisfy. */
  qualifiedLocks: ReadonlySet<string>
  /** Sign-ups are time-locked. */
  locked: boolean
  /** Why this member can take no slot at all (a ban), or null. */
  signUpRefusal: Refusal | null
  /** The allied unit the viewer is a guest of (only its reserved slots are theirs to take), or null. */
  guestOf: AlliedUnitRef | null
  /** Role locks bind the viewer (not a guest whose unit does not ask for the roles). */
  roleLocksApply: boolean
}

const ViewerContext = createContext<OrbatViewer>({
  userId: null,
  qualifiedLocks: new Set(),
  locked: false,
  signUpRefusal: null,
  guestOf: null,
  roleLocksApply: true,
})
export const ViewerProvider = ViewerContext.Provider
export const useViewer = () => useContext(ViewerContext)
