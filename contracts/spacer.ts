// Heading rows of the ORBAT (docs/rules/orbat.md): a slot whose role is wrapped in three dashes. No schema library
// here: the public ORBAT page reads these and must not load one.

/** A role wrapped in three dashes is a heading row, not a slot: never taken, never counted (docs/rules/orbat.md). */
export function isSpacer(role: string): boolean {
  return role.startsWith('---')
}

/** The heading text of a spacer row, without its dashes. */
export function spacerLabel(role: string): string {
  return role.replace(/^-{3}/, '').replace(/-{3}$/, '').trim()
}
