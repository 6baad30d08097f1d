// Ids in URLs and forms, apart from fields.ts so that pages reading one do not load zod with it.

export const MAX_INT = 2_147_483_647
const ID_TEXT = /^[1-9]\d{0,9}$/

/** An id in a URL or a form's hidden field: canonical decimal digits (no sign, space, point or leading zero), 1 to 2^31-1; else null. */
export function parseIdText(value: string | null | undefined): number | null {
  if (!value || !ID_TEXT.test(value)) return null
  const id = Number(value)
  return id <= MAX_INT ? id : null
}
