import { createContext, useContext } from 'react'

/** Where the page's forms post (the /orbat route's action) and where anonymous users are sent to log in. */
export const ORBAT_PATH = '/orbat'
export const LOGIN_HREF = `/auth/discord?returnTo=${encodeURIComponent(ORBAT_PATH)}`

/** Spec 1 §5: the confirmation before leaving a slot. */
export const LEAVE_CONFIRM = 'Are you sure you want to leave this slot?'

export const INTENTS = {
  signup: 'signup',
  leave: 'leave',
  joinWaitlist: 'join-waitlist',
  leaveWaitlist: 'leave-waitlist',
} as const

/** Who is looking at the diagram, for the slot rows inside React Flow's nodes. */
export interface OrbatViewer {
  userId: number | null
  /** Role-lock names (eligible role names) the user's Discord roles satisfy. */
  qualifiedLocks: ReadonlySet<string>
  /** Sign-ups are time-locked. */
  locked: boolean
}

const ViewerContext = createContext<OrbatViewer>({ userId: null, qualifiedLocks: new Set(), locked: false })
export const ViewerProvider = ViewerContext.Provider
export const useViewer = () => useContext(ViewerContext)
