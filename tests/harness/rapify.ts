// A small raP writer for the tests and the bench: the binarized form of a parsed text mission, laid out as Arma and
// HEMTT lay it out (server/orbat/mission/rap.ts describes the format): each body's entries, then its classes' bodies
// in order, the enum table last. Integers that fit 32 bits are written as int32, larger ones as int64, other numbers
// as float32; strings and bare words as strings. A class without a body is an extern class; `delete` entries, which
// the text parser drops, are not written.
import { parseSqm, type SqmArray, type SqmEntry, type SqmFile, type SqmScalar } from '#server/orbat/mission/sqm.ts'

function cstring(latin1: string): Buffer {
  return Buffer.concat([Buffer.from(latin1, 'latin1'), Buffer.from([0])])
}

function compressedInt(n: number): Buffer {
  const out: number[] = []
  do {
    const low = n % 128
    n = Math.floor(n / 128)
    out.push(n > 0 ? low | 0x80 : low)
  } while (n > 0)
  return Buffer.from(out)
}

/** A number's type code and bytes: 2 int32, 6 int64, 1 float32. */
function number(source: string, value: SqmScalar & { kind: 'number' }): [number, Buffer] {
  const raw = source.slice(value.start, value.end)
  // Eden writes a float's negative zero as `-0`: kept a float, so it reads back as `-0`.
  if (/^-?\d+$/.test(raw) && raw !== '-0') {
    const big = BigInt(raw)
    if (big >= -(2n ** 31n) && big < 2n ** 31n) {
      const b = Buffer.alloc(4)
      b.writeInt32LE(Number(big))
      return [2, b]
    }
    const b = Buffer.alloc(8)
    b.writeBigInt64LE(big)
    return [6, b]
  }
  const b = Buffer.alloc(4)
  b.writeFloatLE(value.value)
  return [1, b]
}

function scalar(source: string, value: SqmScalar): [number, Buffer] {
  return value.kind === 'number' ? number(source, value) : [0, cstring(value.text)]
}

function array(source: string, value: SqmArray): Buffer {
  return Buffer.concat([
    compressedInt(value.items.length),
    ...value.items.map((item) => {
      if (item.kind === 'array') return Buffer.concat([Buffer.from([3]), array(source, item)])
      const [type, bytes] = scalar(source, item)
      return Buffer.concat([Buffer.from([type]), bytes])
    }),
  ])
}

/** A class body at `offset`, followed by its classes' bodies. */
function body(source: string, entries: SqmEntry[], offset: number): Buffer {
  const head = Buffer.concat([cstring(''), compressedInt(entries.length)])
  const parts = entries.map((entry) => {
    if (entry.kind === 'class')
      return entry.body
        ? { entry, bytes: Buffer.concat([Buffer.from([0]), cstring(entry.name), Buffer.alloc(4)]) }
        : { entry, bytes: Buffer.concat([Buffer.from([3]), cstring(entry.name)]) }
    if (entry.kind === 'array')
      return { entry, bytes: Buffer.concat([Buffer.from([2]), cstring(entry.name), array(source, entry.value)]) }
    const [type, bytes] = scalar(source, entry.value)
    return { entry, bytes: Buffer.concat([Buffer.from([1, type]), cstring(entry.name), bytes]) }
  })
  let next = offset + head.length + parts.reduce((n, p) => n + p.bytes.length, 0)
  const children: Buffer[] = []
  for (const { entry, bytes } of parts) {
    if (entry.kind !== 'class' || !entry.body) continue
    bytes.writeUInt32LE(next, bytes.length - 4)
    const child = body(source, entry.body.entries, next)
    children.push(child)
    next += child.length
  }
  return Buffer.concat([head, ...parts.map((p) => p.bytes), ...children])
}

/** The binarized (raP) form of a parsed text mission. */
export function rapify(file: SqmFile): Buffer {
  const root = body(file.source, file.entries, 16)
  const header = Buffer.alloc(16)
  header.write('\0raP', 0, 'latin1')
  header.writeUInt32LE(0, 4)
  header.writeUInt32LE(8, 8)
  header.writeUInt32LE(16 + root.length, 12)
  return Buffer.concat([header, root, Buffer.alloc(4)])
}

/** The binarized form of a text mission file's bytes. */
export const binarize = (text: Uint8Array): Buffer => rapify(parseSqm(text))
