import { Invalid } from '../../errors.ts'

// A binarized mission.sqm (Eden: "Binarize the Scenario File") is Arma's binary config format, raP, turned here into
// the text Eden writes for the same mission, so one parser and one export serve both
// (docs/decisions/054-binarized-mission-files.md).
//
// The format, little-endian throughout:
//   header       "\0raP", uint32 0, uint32 8, uint32 offset of the enum table (after every class body)
//   class body   inherited class name (zero-terminated), entry count (compressed int), the entries
//   entry        type byte, then by type:
//                  0 class        name, uint32 offset of its body
//                  1 value        subtype (0 string, 1 float32, 2 int32, 6 int64), name, the value
//                  2 array        name, array
//                  3 extern class name            (`class Name;`)
//                  4 delete       name            (`delete Name;`)
//                  5 array+flags  uint32 flags (1: `+=`), name, array
//   array        element count (compressed int), elements: type byte (0 string, 1 float32, 2 int32, 3 array,
//                4 variable, 6 int64) and the value
//   compressed int   7 bits a byte, least significant first; a set top bit means another byte follows
//   enum table   uint32 count, then name and int32 value each (missions have none: count 0)
// The root body starts at byte 16; the bodies of a body's classes follow its entries. Strings are raw bytes (Eden
// writes UTF-8), held here as latin1 like the text parser's input (server/orbat/mission/sqm.ts).

export const RAP_MAGIC = [0x00, 0x72, 0x61, 0x50] as const

export const RAP_ERRORS = {
  truncated:
    'The binarized mission.sqm ends early: it looks cut off. Upload the whole file (Eden saves it in the mission folder).',
  header:
    'The file starts like a binarized mission.sqm but its header is not one Arma writes. Save the mission in Eden again and upload the new mission.sqm.',
  tooLarge: (mb: number) =>
    `The binarized mission.sqm unpacks to more than ${mb} MB of text, which no mission does. Is it the right file?`,
  tooDeep: (depth: number) =>
    `The binarized mission.sqm nests classes or arrays more than ${depth} levels deep, which no mission does. Is it a mission.sqm?`,
  damaged: (what: string, at: number) =>
    `The binarized mission.sqm is damaged: ${what} at byte ${at}. Save the mission in Eden again and upload the new mission.sqm.`,
} as const

/** Whether the bytes are a binarized (raP) file. */
export function isRap(bytes: Uint8Array): boolean {
  return RAP_MAGIC.every((b, i) => bytes[i] === b)
}

/** Bare array values (the grammar's Word). */
const WORD = /^[^;,{}"\s]+$/

/** A number as Eden prints it: C's `%.8g` (eight significant digits, no trailing zeros), `-0` kept. */
export function edenNumber(x: number): string {
  if (x === 0) return Object.is(x, -0) ? '-0' : '0'
  if (Number.isInteger(x) && Math.abs(x) < 1e8) return String(x)
  // toPrecision rounds to eight digits as %g does, but writes 1e-5 and 1e-6 without an exponent, which %g does not.
  const fixed = x.toPrecision(8)
  if (!fixed.includes('e') && !/^-?0\.0000/.test(fixed)) return withoutTrailingZeros(fixed)
  const [mantissa, exp] = x.toExponential(7).split('e') as [string, string]
  const exponent = Number(exp)
  return `${withoutTrailingZeros(mantissa)}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`
}

function withoutTrailingZeros(digits: string): string {
  if (!digits.includes('.')) return digits
  let end = digits.length
  while (digits.charCodeAt(end - 1) === 48) end--
  if (digits.charCodeAt(end - 1) === 46) end--
  return digits.slice(0, end)
}

/** A line break inside a string as Eden writes it: the string's quoted parts joined by a bare `\n`. */
const LINE_BREAK = [...Buffer.from('" \\n "', 'latin1')]

/** A string value as Eden writes it: quoted, `"` doubled, a line break as `" \n "` between quoted parts. */
function quote(latin1: string): string {
  let text = latin1
  if (text.includes('"')) text = text.replaceAll('"', '""')
  if (text.includes('\n')) text = text.replaceAll('\n', '" \\n "')
  return `"${text}"`
}

type Item = { number: true; text: string } | { number: false; text: string } | Item[]

/** Whether an array is written on one line: it holds numbers only (nested arrays too). */
function inline(items: Item[]): boolean {
  for (const item of items) if (Array.isArray(item) ? !inline(item) : !item.number) return false
  return true
}

function inlineText(items: Item[]): string {
  let text = '{'
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!
    text += `${i ? ',' : ''}${Array.isArray(item) ? inlineText(item) : item.text}`
  }
  return `${text}}`
}

export interface RapLimits {
  /** How deep classes and arrays may nest. */
  maxDepth: number
  /** The most text the file may unpack to. */
  maxTextBytes: number
}

/** Bytes a name may start with and hold (the grammar's Name): letters, digits, `_`, and `.` after the first. */
const NAME_BYTE = new Uint8Array(256)
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_') NAME_BYTE[c.charCodeAt(0)] = 3
NAME_BYTE['.'.charCodeAt(0)] = 2

/**
 * The text form of a binarized mission, as Eden writes it (tabs, CRLF, `name=value;`, arrays of numbers on one line,
 * other arrays one value a line). Throws Invalid with a plain message for a file that is cut off or damaged; never
 * reads outside the bytes, never follows one class body twice, stops at `limits`. Names and strings are copied byte
 * for byte into the text, which is written as bytes (a 10 MB file holds a million of them: no string for each).
 */
export function rapToText(bytes: Uint8Array, limits: RapLimits): Buffer {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const length = bytes.length
  let pos = 0
  let out = Buffer.allocUnsafe(Math.min(limits.maxTextBytes, Math.max(4096, 2 * length)))
  let written = 0

  /** Makes room for `n` more bytes of text. */
  const room = (n: number) => {
    if (written + n <= out.length) return
    if (written + n > limits.maxTextBytes)
      throw new Invalid(RAP_ERRORS.tooLarge(Math.round(limits.maxTextBytes / 2 ** 20)))
    const grown = Buffer.allocUnsafe(Math.min(limits.maxTextBytes, Math.max(2 * out.length, written + n)))
    out.copy(grown, 0, 0, written)
    out = grown
  }
  /** Writes text held as latin1 (punctuation, numbers, array values). */
  const emit = (text: string) => {
    room(text.length)
    for (let i = 0; i < text.length; i++) out[written++] = text.charCodeAt(i)
  }
  const line = (depth: number, text: string) => {
    room(depth)
    out.fill(9, written, written + depth)
    written += depth
    emit(text)
  }
  const copy = (start: number, end: number) => {
    room(end - start)
    for (let i = start; i < end; i++) out[written++] = bytes[i]!
  }
  const damaged = (what: string, at = pos) => new Invalid(RAP_ERRORS.damaged(what, at))
  const need = (n: number) => {
    if (pos + n > length) throw new Invalid(RAP_ERRORS.truncated)
  }
  const u8 = () => {
    need(1)
    return bytes[pos++]!
  }
  const u32 = () => {
    need(4)
    pos += 4
    return view.getUint32(pos - 4, true)
  }
  /** The end of the zero-terminated string at `pos`. */
  const stringEnd = () => {
    let end = pos
    while (end < length && bytes[end] !== 0) end++
    if (end === length) throw new Invalid(RAP_ERRORS.truncated)
    return end
  }
  const text = () => {
    const end = stringEnd()
    const value = buffer.toString('latin1', pos, end)
    pos = end + 1
    return value
  }
  /** The name at `pos`, checked, as its place in the file; `empty` allows none (a class that inherits nothing). */
  const name = (empty = false): [number, number] => {
    const start = pos
    const end = stringEnd()
    if (end === start ? !empty : NAME_BYTE[bytes[start]!]! < 3) throw damaged('a name no mission has', start)
    for (let i = start + 1; i < end; i++) if (!NAME_BYTE[bytes[i]!]) throw damaged('a name no mission has', start)
    pos = end + 1
    return [start, end]
  }
  /** Writes the string value at `pos` quoted as Eden quotes it (see quote). */
  const quoted = () => {
    const end = stringEnd()
    let extra = 2
    for (let i = pos; i < end; i++) extra += bytes[i] === 34 ? 1 : bytes[i] === 10 ? 5 : 0
    room(end - pos + extra)
    out[written++] = 34
    for (let i = pos; i < end; i++) {
      const b = bytes[i]!
      if (b === 10) for (const c of LINE_BREAK) out[written++] = c
      else {
        if (b === 34) out[written++] = 34
        out[written++] = b
      }
    }
    out[written++] = 34
    pos = end + 1
  }
  const count = () => {
    const at = pos
    let value = 0
    for (let shift = 0; shift < 35; shift += 7) {
      const b = u8()
      value += (b & 0x7f) * 2 ** shift
      if (b < 0x80) return value
    }
    throw damaged('a count longer than five bytes', at)
  }
  /** A number of type 1, 2 or 6 as text; null for another type. */
  const number = (type: number): string | null => {
    switch (type) {
      case 1: {
        need(4)
        const value = view.getFloat32(pos, true)
        if (!Number.isFinite(value)) throw damaged('a number that is not one', pos)
        pos += 4
        return edenNumber(value)
      }
      case 2:
        need(4)
        pos += 4
        return String(view.getInt32(pos - 4, true))
      case 6:
        need(8)
        pos += 8
        return String(view.getBigInt64(pos - 8, true))
      default:
        return null
    }
  }
  const array = (depth: number): Item[] => {
    if (depth > limits.maxDepth) throw new Invalid(RAP_ERRORS.tooDeep(limits.maxDepth))
    const items: Item[] = []
    for (let n = count(); n > 0; n--) {
      const at = pos
      const type = u8()
      if (type === 3) items.push(array(depth + 1))
      else if (type === 0) items.push({ number: false, text: quote(text()) })
      else if (type === 4) {
        const word = text()
        if (!WORD.test(word)) throw damaged('a bare array value no mission has', at)
        items.push({ number: false, text: word })
      } else {
        const value = number(type)
        if (value === null) throw damaged(`an array value of unknown type ${type}`, at)
        items.push({ number: true, text: value })
      }
    }
    return items
  }
  /** An array over lines: `{` and `}` at `depth` tabs, one value a line one tab deeper. */
  const block = (items: Item[], depth: number) => {
    line(depth, '{\r\n')
    items.forEach((item, i) => {
      if (Array.isArray(item) && !inline(item)) block(item, depth + 1)
      else line(depth + 1, Array.isArray(item) ? inlineText(item) : item.text)
      emit(i < items.length - 1 ? ',\r\n' : '\r\n')
    })
    line(depth, '}')
  }

  const seen = new Set<number>()
  /** Writes the class whose body is at `offset`: `class <name>[: <parent>] {`, its entries a tab deeper, `};`. */
  const body = (offset: number, depth: number, named: [number, number] | null) => {
    if (depth > limits.maxDepth) throw new Invalid(RAP_ERRORS.tooDeep(limits.maxDepth))
    if (offset < 16 || offset >= length) throw damaged('a class that points outside the file', pos - 4)
    if (seen.has(offset)) throw damaged('a class body read twice', offset)
    seen.add(offset)
    const back = pos
    pos = offset
    const parent = name(true)
    if (named) {
      line(depth - 1, 'class ')
      copy(...named)
      if (parent[1] > parent[0]) {
        emit(': ')
        copy(...parent)
      }
      emit('\r\n')
      line(depth - 1, '{\r\n')
    }
    for (let n = count(); n > 0; n--) {
      const at = pos
      const type = u8()
      switch (type) {
        case 0: {
          const child = name()
          body(u32(), depth + 1, child)
          break
        }
        case 1: {
          const subtype = u8()
          const entry = name()
          line(depth, '')
          copy(...entry)
          emit('=')
          if (subtype === 0) quoted()
          else {
            const value = number(subtype)
            if (value === null) throw damaged(`a value of unknown type ${subtype}`, at)
            emit(value)
          }
          emit(';\r\n')
          break
        }
        case 2:
        case 5: {
          const flags = type === 5 ? u32() : 0
          const entry = name()
          const items = array(depth + 1)
          line(depth, '')
          copy(...entry)
          emit(flags === 1 ? '[]+=' : '[]=')
          if (inline(items)) emit(inlineText(items))
          else {
            emit('\r\n')
            block(items, depth)
          }
          emit(';\r\n')
          break
        }
        case 3:
        case 4:
          line(depth, type === 3 ? 'class ' : 'delete ')
          copy(...name())
          emit(';\r\n')
          break
        default:
          throw damaged(`an entry of unknown type ${type}`, at)
      }
    }
    if (named) line(depth - 1, '};\r\n')
    pos = back
  }

  if (length < 20) throw new Invalid(RAP_ERRORS.truncated)
  if (view.getUint32(4, true) !== 0 || view.getUint32(8, true) !== 8) throw new Invalid(RAP_ERRORS.header)
  // The enum table comes last, so a file cut anywhere lacks it: say "cut off" rather than where the reading broke.
  const enums = view.getUint32(12, true)
  // An offset of 0 says there is no table (older tools).
  if (enums > length - 4) throw new Invalid(RAP_ERRORS.truncated)
  if (enums !== 0 && enums < 16) throw new Invalid(RAP_ERRORS.header)
  pos = 16
  body(16, 0, null)
  return out.subarray(0, written)
}
