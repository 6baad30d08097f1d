// The /api's English texts back to the catalogs' messages (docs/rules/languages.md): the /api speaks English, its
// refusals are a contract other tools read, and a page shows the same refusal in its own language. A matcher knows
// the texts a page can be answered with: fixed ones, and those made from values (a label, a number, a day), found by
// their shape with the values read back from them.

export type TextValues = Record<string, string | number>

/** A catalog message and the values to fill it with: `leave.errors.overlap` with `{ start, end }`. */
export interface MatchedText {
  key: string
  values?: TextValues
}

export class TextMatcher {
  private readonly known = new Map<string, MatchedText>()
  private readonly made: Array<{ pattern: RegExp; key: string; names: string[]; numbers: string[] }> = []

  /** A fixed text: its key and the values its catalog message needs. */
  same(message: string, key: string, values?: TextValues): this {
    this.known.set(message, { key, values })
    return this
  }

  /**
   * A text `make` writes from values: `names` are its parameters in order (the catalog message's arguments), `numbers`
   * those read back as numbers (for plurals).
   */
  madeBy(make: (...values: never[]) => string, key: string, names: string[], numbers: string[] = []): this {
    const marks = names.map((_, i) => `\u0000${i}\u0000`)
    const shape = (make as (...values: string[]) => string)(...marks)
    let source = shape.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    // A value the text names twice (an allied unit, in the refusal of a guest) is read once, then matched again.
    marks.forEach((mark, i) => (source = source.replace(mark, '(.+?)').replaceAll(mark, `\\${i + 1}`)))
    this.made.push({ pattern: new RegExp(`^${source}$`), key, names, numbers })
    return this
  }

  /** The catalog's message for an English text, or null when the matcher does not know it. */
  find(message: string): MatchedText | null {
    const known = this.known.get(message)
    if (known) return known
    for (const { pattern, key, names, numbers } of this.made) {
      const found = pattern.exec(message)
      if (!found) continue
      const values: TextValues = {}
      names.forEach((name, i) => {
        const value = found[i + 1]!
        values[name] = numbers.includes(name) ? Number(value) : value
      })
      return { key, values }
    }
    return null
  }
}
