import { MISSION_FILE } from '#contracts/mission-file.ts'
import { Invalid } from '../../errors.ts'
import { isRap, rapToText } from './rap.ts'
import { parse as parseEntries, SyntaxError as PeggySyntaxError } from './sqm-parser.js'

// mission.sqm as a tree of entries that remember where they stand in the file (server/orbat/mission/sqm.peggy). The
// file is held as a latin1 string, one character per byte, so every offset is a byte offset and a splice leaves the
// other bytes exactly as they were; text values are read and written as UTF-8 (Eden's encoding).

export interface SqmString {
  kind: 'string'
  /** The value with `""` read as `"`, still as latin1 bytes: see `utf8`. */
  text: string
  start: number
  end: number
}
export interface SqmNumber {
  kind: 'number'
  value: number
  start: number
  end: number
}
export interface SqmWord {
  kind: 'word'
  text: string
  start: number
  end: number
}
export type SqmScalar = SqmString | SqmNumber | SqmWord
export interface SqmArray {
  kind: 'array'
  items: Array<SqmScalar | SqmArray>
  start: number
  end: number
}
export interface SqmClass {
  kind: 'class'
  name: string
  start: number
  end: number
  /** Null for a declaration without a body (`class Foo;`). `open` is just after `{`, `close` at `}`. */
  body: { open: number; close: number; entries: SqmEntry[] } | null
}
export interface SqmValueEntry {
  kind: 'value'
  name: string
  start: number
  end: number
  value: SqmScalar
}
export interface SqmArrayEntry {
  kind: 'array'
  name: string
  start: number
  end: number
  value: SqmArray
}
export type SqmEntry = SqmClass | SqmValueEntry | SqmArrayEntry

export interface SqmFile {
  /** The file as latin1 (one character per byte); for a binarized upload, its text form. */
  source: string
  entries: SqmEntry[]
  /** The upload was binarized (raP): `source` is the text Eden writes for it (server/orbat/mission/rap.ts). */
  binarized: boolean
}

/** How deep classes and arrays may nest: Eden's deepest path is about a dozen levels. */
export const MAX_DEPTH = 64
/**
 * The most text a binarized file may unpack to: four times the upload limit. Real missions unpack to about twice their
 * binarized size (numbers as text, tabs); a crafted file could reach twenty times.
 */
export const MAX_UNPACKED_BYTES = 4 * MISSION_FILE.maxBytes

export const SQM_ERRORS = {
  empty: 'The file is empty. Choose the mission.sqm of your mission folder.',
  tooDeep: `The file nests classes or arrays more than ${MAX_DEPTH} levels deep, which no mission does. Is it a mission.sqm?`,
  notText: 'The file is not text. Choose the mission.sqm of your mission folder.',
  notMission:
    'The file is not an Arma 3 mission: it has no "class Mission" with entities. Choose the mission.sqm of your mission folder.',
} as const

/** A latin1-held string value as the text it means (Eden writes UTF-8). */
export function utf8(latin1: string): string {
  return Buffer.from(latin1, 'latin1').toString('utf8')
}

/** Text as it is written into the file: UTF-8 bytes held as latin1, `"` doubled, in quotes. */
export function quoted(text: string): string {
  return `"${Buffer.from(text.replaceAll('"', '""'), 'utf8').toString('latin1')}"`
}

/** The deepest nesting of `{`, outside strings, found without recursion (the parser recurses per level). */
function nestingDepth(source: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i)
    if (c === 34) inString = !inString
    else if (inString) continue
    else if (c === 123) deepest = Math.max(deepest, ++depth)
    else if (c === 125) depth--
  }
  return deepest
}

/**
 * Parses a mission file's bytes, text or binarized (read as its text form); throws Invalid saying what is wrong (not
 * text, truncated, too deep, a damaged binarized file).
 */
export function parseSqm(bytes: Uint8Array): SqmFile {
  if (bytes.length === 0) throw new Invalid(SQM_ERRORS.empty)
  const binarized = isRap(bytes)
  const text = binarized ? rapToText(bytes, { maxDepth: MAX_DEPTH, maxTextBytes: MAX_UNPACKED_BYTES }) : bytes
  if (text.includes(0)) throw new Invalid(SQM_ERRORS.notText)
  const source = Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('latin1')
  if (nestingDepth(source) > MAX_DEPTH) throw new Invalid(SQM_ERRORS.tooDeep)
  try {
    return { source, entries: parseEntries(source) as SqmEntry[], binarized }
  } catch (error) {
    if (error instanceof PeggySyntaxError) {
      const { line, column } = error.location.start
      const atEnd = error.location.start.offset >= source.length
      throw new Invalid(
        atEnd
          ? 'The file ends in the middle of an entry: it looks cut off. Upload the whole mission.sqm.'
          : `The file is not in Arma's mission format: line ${line}, column ${column} is not what a mission.sqm holds there.`,
      )
    }
    throw error
  }
}

// ---- Reading the tree ---------------------------------------------------------------------------------------------

export function entriesOf(node: SqmClass | SqmFile | null | undefined): SqmEntry[] {
  if (!node) return []
  return 'source' in node ? node.entries : (node.body?.entries ?? [])
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** A class entry by name (Arma's names ignore case). */
export function classOf(node: SqmClass | SqmFile | null | undefined, name: string): SqmClass | null {
  return (entriesOf(node).find((e) => e.kind === 'class' && same(e.name, name)) as SqmClass | undefined) ?? null
}

/** The classes inside a class, in file order. */
export function classesOf(node: SqmClass | null | undefined): SqmClass[] {
  return entriesOf(node).filter((e): e is SqmClass => e.kind === 'class')
}

/** A `name=value;` entry by name. */
export function valueOf(node: SqmClass | SqmFile | null | undefined, name: string): SqmValueEntry | null {
  return (entriesOf(node).find((e) => e.kind === 'value' && same(e.name, name)) as SqmValueEntry | undefined) ?? null
}

/** A value as text (strings and bare words as UTF-8, numbers as written). */
export function textOf(entry: SqmValueEntry | null): string | null {
  if (!entry) return null
  const v = entry.value
  return v.kind === 'number' ? String(v.value) : utf8(v.text)
}

export function numberOf(entry: SqmValueEntry | null): number | null {
  if (!entry) return null
  const v = entry.value
  if (v.kind === 'number') return v.value
  const n = Number(v.text)
  return Number.isFinite(n) ? n : null
}

// ---- Editing in place ---------------------------------------------------------------------------------------------

/** One change to the file: the bytes [start, end) become `text` (latin1-held). An insert has start === end. */
export interface SqmEdit {
  start: number
  end: number
  text: string
}

/** The file with the edits applied; every byte outside them is the input's. */
export function applyEdits(source: string, edits: SqmEdit[]): Buffer {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end)
  const parts: string[] = []
  let at = 0
  for (const edit of sorted) {
    if (edit.start < at) throw new Error('Overlapping mission file edits.')
    parts.push(source.slice(at, edit.start), edit.text)
    at = edit.end
  }
  parts.push(source.slice(at))
  return Buffer.from(parts.join(''), 'latin1')
}

/** The file's line ending (Eden on Windows writes CRLF). */
export function lineEnding(source: string): string {
  return source.includes('\r\n') ? '\r\n' : '\n'
}

/** The whitespace that starts the line holding `offset`. */
export function indentAt(source: string, offset: number): string {
  const lineStart = source.lastIndexOf('\n', offset - 1) + 1
  return /^[ \t]*/.exec(source.slice(lineStart, offset))![0]
}

/**
 * An edit that adds `lines` (entries, without indentation) as the first entries of a class body, indented like the
 * body's entries (or one tab deeper than the class when it has none).
 */
export function insertIntoClass(source: string, node: SqmClass, lines: string[]): SqmEdit {
  const body = node.body!
  const eol = lineEnding(source)
  const first = body.entries[0]
  const indent = first ? indentAt(source, first.start) : `${indentAt(source, node.start)}\t`
  if (first) {
    const lineStart = source.lastIndexOf('\n', first.start - 1) + 1
    return { start: lineStart, end: lineStart, text: lines.map((l) => `${indent}${l}${eol}`).join('') }
  }
  // An empty body: the lines go just after `{`, on lines of their own.
  return { start: body.open, end: body.open, text: lines.map((l) => `${eol}${indent}${l}`).join('') }
}
