// Apart from roster.ts so that the public roster does not load zod with it.

/** Page sizes of the member lists (30 is the default). */
export const ROSTER_PAGE_SIZES = [30, 60, 100] as const
