import { UNCATEGORIZED_SECTION } from '#contracts/assessments.ts'

// The evaluation checklist as the test editor shows it: items grouped in named sections, sent as a flat list with a
// section name on each item (no name: Uncategorized). Pure functions over that flat list, so the editor's components
// only render and the rules are tested on their own (checklist.test.ts).

/** A checklist item as the form holds it (conform's values are strings; a new row may lack fields). */
export interface ChecklistRow {
  id?: string | number | null
  text?: string
  pos_score?: string | number
  neg_score?: string | number
  section?: string | null
}

interface SectionGroup {
  name: string
  /** Each row's position in the flat list (its form field index). */
  indexes: number[]
}

/** The section a row is listed under. */
export function sectionOf(row: ChecklistRow | undefined): string {
  return row?.section?.trim() || UNCATEGORIZED_SECTION
}

/** The rows grouped by section, sections in the order they first appear. */
export function groupBySection(rows: readonly (ChecklistRow | undefined)[]): SectionGroup[] {
  const groups = new Map<string, number[]>()
  rows.forEach((row, index) => {
    const name = sectionOf(row)
    const list = groups.get(name)
    if (list) list.push(index)
    else groups.set(name, [index])
  })
  return [...groups].map(([name, indexes]) => ({ name, indexes }))
}

/** The name of a new section: New Section 1, then New Section 2, ... (the first one not in use). */
export function nextSectionName(existing: readonly string[]): string {
  const taken = new Set(existing.map((name) => name.trim()))
  let n = 1
  while (taken.has(`New Section ${n}`)) n++
  return `New Section ${n}`
}

/** A blank item for a section (the schema's defaults: 1 point for a pass, none taken for a fail). */
export function blankItem(section: string) {
  return { text: '', pos_score: '1', neg_score: '0', section }
}

/** Where a new item of `section` goes in the flat list: after that section's last item, or at the end. */
export function insertIndexFor(rows: readonly (ChecklistRow | undefined)[], section: string): number {
  let last = -1
  rows.forEach((row, index) => {
    if (sectionOf(row) === section) last = index
  })
  return last === -1 ? rows.length : last + 1
}

/**
 * The rows with section `from` renamed to `to`, or null when the rename is ignored: an empty name, the same name, or
 * the name of another section.
 */
export function renameSection<T extends ChecklistRow>(rows: readonly T[], from: string, to: string): T[] | null {
  const name = to.trim()
  if (!name || name === from) return null
  if (groupBySection(rows).some((group) => group.name === name)) return null
  return rows.map((row) => (sectionOf(row) === from ? { ...row, section: name } : row))
}

/** The rows without the section `name` and its items. */
export function removeSection<T extends ChecklistRow>(rows: readonly T[], name: string): T[] {
  return rows.filter((row) => sectionOf(row) !== name)
}
