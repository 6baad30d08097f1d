// Count phrases, in one place: English has one form for 1 and another for every other number ("1 member matches",
// "3 members match", "0 members match"). Intl.PluralRules says which; callers give both forms.

const rules = new Intl.PluralRules('en-US')

/** `one` when `count` takes the singular, `other` when not. */
export function plural(count: number, one: string, other: string): string {
  return rules.select(count) === 'one' ? one : other
}

/** The count and its noun: "1 member", "3 members" (`other` defaults to the noun with an s). */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count} ${plural(count, one, other)}`
}
