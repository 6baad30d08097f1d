// Binarized (raP) mission files read as Eden's text form (docs/rules/orbat.md, The mission file;
// docs/decisions/054-binarized-mission-files.md): the text is what Eden writes, line for line, for every real mission
// of the corpus; a real binarized file from Eden is read; every entry and value type of the format has its text; a
// cut or damaged file is a 400 that says so, never another error, never a hang.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { binarize, rapify } from '#tests/harness/rapify.ts'
import { ServiceError } from '../../errors.ts'
import { exportMission } from './export.ts'
import { MISSION_ERRORS, proposalView, readMissionFile } from './mission.ts'
import { edenNumber, RAP_ERRORS, rapToText } from './rap.ts'
import { classesOf, classOf, MAX_DEPTH, parseSqm, textOf, valueOf } from './sqm.ts'

const TEXT_DIR = 'tests/fixtures/missions'
const BINARIZED_DIR = 'tests/fixtures/missions-binarized'
const folders = (dir: string) => fs.readdirSync(dir).filter((name) => fs.statSync(path.join(dir, name)).isDirectory())
const textMissions = folders(TEXT_DIR)
const REAL = fs.readFileSync(path.join(BINARIZED_DIR, 'zeussqm-vr-shapes', 'mission.sqm'))
const LIMITS = { maxDepth: MAX_DEPTH, maxTextBytes: 100 * 2 ** 20 }

/** The message of the 400 a file is refused with; fails on any other error. */
function refusal(bytes: Uint8Array): string {
  try {
    readMissionFile(bytes)
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError)
    expect((error as ServiceError).status).toBe(400)
    return (error as Error).message
  }
  throw new Error('the file was read')
}

/** A raP file from a text mission (its `\r\n` line breaks kept). */
const rap = (text: string) => binarize(Buffer.from(text, 'latin1'))

describe('numbers as Eden prints them (C %.8g)', () => {
  it.each([
    [0, '0'],
    [-0, '-0'],
    [1, '1'],
    [Math.fround(0.2617994), '0.2617994'],
    [Math.fround(0.70710683), '0.70710683'],
    [Math.fround(0.99999994), '0.99999994'],
    [Math.fround(1800.0002), '1800.0002'],
    [Math.fround(-3.3010459e-5), '-3.3010459e-05'],
    [Math.fround(2.3841858e-7), '2.3841858e-07'],
    [Math.fround(3e38), '3e+38'],
    [0.0001, '0.0001'],
    [Math.fround(0.0001), '9.9999997e-05'],
    [0.00001, '1e-05'],
    [12345678, '12345678'],
    [123456789, '1.2345679e+08'],
    [Math.fround(5339.5), '5339.5'],
  ])('%s is %s', (value, text) => {
    expect(edenNumber(value)).toBe(text)
  })
})

describe.each(textMissions)('the real mission %s, binarized', (name) => {
  const text = fs.readFileSync(path.join(TEXT_DIR, name, 'mission.sqm'))

  it("reads back as Eden's text, line for line", () => {
    const back = rapToText(binarize(text), LIMITS).toString('latin1').split('\r\n')
    // Older Eden builds print three exponent digits (e-005), newer ones two; comments are not in the binary form.
    const lines = text
      .toString('latin1')
      .split(/\r?\n/)
      .map((line) => line.replace(/(e[+-])0(\d\d)/g, '$1$2').replace(/; \/\/.*$/, ';'))
    expect(back).toEqual(lines)
  })

  it('proposes the ORBAT of the text file and exports text that proposes it again', () => {
    const fromText = readMissionFile(text)
    const fromRap = readMissionFile(binarize(text))
    expect(fromText.file.binarized).toBe(false)
    expect(fromRap.file.binarized).toBe(true)
    expect(proposalView(fromRap.proposal)).toEqual(proposalView(fromText.proposal))
    expect(fromRap.proposal.skipped).toEqual(fromText.proposal.skipped)
    const exported = exportMission(fromRap.file, fromRap.proposal, { squads: [], slots: [] }).bytes
    expect(exported.subarray(0, 4).toString('latin1')).not.toBe('\0raP')
    expect(proposalView(readMissionFile(exported).proposal)).toEqual(proposalView(fromText.proposal))
  })
})

describe('a real binarized mission saved by Eden (tests/fixtures/missions-binarized)', () => {
  const file = parseSqm(REAL)

  it('is read whole: its header values, its 127 objects (128 entries: a two-byte count), its last class', () => {
    expect(file.binarized).toBe(true)
    expect(textOf(valueOf(file, 'version'))).toBe('53')
    expect(textOf(valueOf(classOf(file, 'ScenarioData'), 'author'))).toBe('IL|ThE_-_BliZZarD')
    expect(file.source).toContain('\r\n\tangleGridStep=0.2617994;\r\n')
    const entities = classOf(classOf(file, 'Mission'), 'Entities')
    expect(textOf(valueOf(entities, 'items'))).toBe('127')
    const objects = classesOf(entities).filter((e) => textOf(valueOf(e, 'dataType')) === 'Object')
    expect(objects).toHaveLength(127)
    expect(objects.every((o) => /^Land_VR_Shape_01_/.test(textOf(valueOf(o, 'type')) ?? ''))).toBe(true)
    expect(file.source.endsWith('};\r\n')).toBe(true)
  })

  it('is refused for having no playable unit (the file was read, not found damaged)', () => {
    expect(refusal(REAL)).toBe(MISSION_ERRORS.noPlayable)
  })

  it('binarized again from its text, reads back as the same text', () => {
    expect(rapToText(rapify(file), LIMITS).toString('latin1')).toBe(file.source)
  })
})

describe('every entry and value type has its text', () => {
  /** A raP file written byte by byte: the root body holds `entries` (already encoded), and `bodies` follow. */
  function handMade(entries: number[][], bodies: number[][] = []): Buffer {
    const root = [0, entries.length, ...entries.flat()]
    const all = Buffer.from([...root, ...bodies.flat()])
    const header = Buffer.alloc(16)
    header.write('\0raP', 'latin1')
    header.writeUInt32LE(8, 8)
    header.writeUInt32LE(16 + all.length, 12)
    return Buffer.concat([header, all, Buffer.alloc(4)])
  }
  const z = (s: string) => [...Buffer.from(s, 'latin1'), 0]
  const u32 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, n >>> 24]
  const f32 = (n: number) => [...new Uint8Array(new Float32Array([n]).buffer)]
  const i64 = (n: bigint) => [...new Uint8Array(new BigInt64Array([n]).buffer)]

  it('values, arrays, extern, delete, inherited classes, strings with quotes and line breaks', () => {
    const entries = [
      [1, 0, ...z('text'), ...z('say "hi"\nbye')],
      [1, 1, ...z('float'), ...f32(0.5)],
      [1, 2, ...z('int'), ...u32(-7 >>> 0)],
      [1, 6, ...z('big'), ...i64(4294967296n)],
      [2, ...z('numbers'), 3, 1, ...f32(1.5), 2, ...u32(2), 6, ...i64(-3n)],
      [2, ...z('empty'), 0],
      [5, ...u32(1), ...z('added'), 2, 0, ...z('a'), 4, ...z('WEST')],
      [2, ...z('nested'), 2, 3, 2, 2, ...u32(1), 2, ...u32(2), 3, 1, 0, ...z('x')],
      [3, ...z('Outside')],
      [4, ...z('Gone')],
    ]
    const head = 16 + 2 + entries.flat().length + 1 + z('Child').length + 4
    const bytes = handMade(
      [...entries, [0, ...z('Child'), ...u32(head)]],
      [[...z('Parent'), 1, 1, 2, ...z('n'), 9, 0, 0, 0]],
    )
    expect(rapToText(bytes, LIMITS).toString('latin1')).toBe(
      [
        'text="say ""hi""" \\n "bye";',
        'float=0.5;',
        'int=-7;',
        'big=4294967296;',
        'numbers[]={1.5,2,-3};',
        'empty[]={};',
        'added[]+=',
        '{',
        '\t"a",',
        '\tWEST',
        '};',
        'nested[]=',
        '{',
        '\t{1,2},',
        '\t{',
        '\t\t"x"',
        '\t}',
        '};',
        'class Outside;',
        'delete Gone;',
        'class Child: Parent',
        '{',
        '\tn=9;',
        '};',
        '',
      ].join('\r\n'),
    )
    // The text parser takes all of it, the string's quotes and line break as they were.
    const file = parseSqm(bytes)
    expect(textOf(valueOf(file, 'text'))).toBe('say "hi"\nbye')
    expect(textOf(valueOf(classOf(file, 'Child'), 'n'))).toBe('9')
  })

  it('an entity count past 127 takes two bytes, and reads', () => {
    const many = `class Mission\r\n{\r\n${Array.from({ length: 300 }, (_, i) => `\tv${i}=${i};\r\n`).join('')}};\r\n`
    const back = rapToText(rap(many), LIMITS).toString('latin1')
    expect(back).toBe(many)
  })
})

describe('cut off or damaged: a 400 that says so', () => {
  const text = fs.readFileSync(path.join(TEXT_DIR, 'armaforces-test', 'mission.sqm'))
  const binarized = binarize(text)

  it('every cut of a binarized file after its first four bytes is "cut off"', () => {
    for (let cut = 4; cut < binarized.length; cut += 1 + Math.floor(cut / 50))
      expect(refusal(binarized.subarray(0, cut)), `cut at ${cut}`).toBe(RAP_ERRORS.truncated)
  })

  it('a header Arma does not write', () => {
    const bad = Buffer.from(binarized)
    bad.writeUInt32LE(9, 8)
    expect(refusal(bad)).toBe(RAP_ERRORS.header)
  })

  it('a class body outside the file, or read twice (a loop)', () => {
    const mission = 'a=1;\r\nclass B\r\n{\r\n\tclass C\r\n\t{\r\n\t};\r\n};\r\n'
    const bytes = rap(mission)
    const at = bytes.indexOf(Buffer.from('B\0', 'latin1')) + 2
    const outside = Buffer.from(bytes)
    outside.writeUInt32LE(bytes.length + 100, at)
    expect(refusal(outside)).toMatch(/damaged: a class that points outside the file at byte/)
    const inner = bytes.indexOf(Buffer.from('C\0', 'latin1')) + 2
    const loop = Buffer.from(bytes)
    loop.writeUInt32LE(bytes.readUInt32LE(at), inner)
    expect(refusal(loop)).toMatch(/damaged: a class body read twice at byte/)
  })

  it('names and values the format has not', () => {
    const bytes = rap('a=1;\r\n')
    const type = Buffer.from(bytes)
    type[19] = 5 // the value's subtype: 5 is no value type
    expect(refusal(type)).toBe(RAP_ERRORS.damaged('a value of unknown type 5', 18))
    const name = Buffer.from(bytes)
    name[20] = 0x7b // `{` as the entry's name
    expect(refusal(name)).toBe(RAP_ERRORS.damaged('a name no mission has', 20))
  })

  it('nesting past the limit, and text past the limit', () => {
    const nest = (classes: number) => `${'class A\r\n{\r\n'.repeat(classes)}${'};\r\n'.repeat(classes)}`
    expect(rapToText(rap(nest(MAX_DEPTH)), LIMITS).toString('latin1')).toMatch(/^class A\r\n\{\r\n\tclass A/)
    expect(() => rapToText(rap(nest(MAX_DEPTH)), { ...LIMITS, maxDepth: MAX_DEPTH - 1 })).toThrow(
      RAP_ERRORS.tooDeep(MAX_DEPTH - 1),
    )
    const nested = Buffer.from(rap(`a[]={${'{'.repeat(MAX_DEPTH - 1)}1${'}'.repeat(MAX_DEPTH - 1)}};\r\n`))
    expect(() => rapToText(nested, { ...LIMITS, maxDepth: MAX_DEPTH - 1 })).toThrow(RAP_ERRORS.tooDeep(MAX_DEPTH - 1))
    expect(() => rapToText(binarized, { ...LIMITS, maxTextBytes: 4 * 2 ** 20 })).not.toThrow()
    expect(() => rapToText(binarized, { ...LIMITS, maxTextBytes: 2 ** 13 })).toThrow(/unpacks to more than/)
  })

  it('random edits of a binarized file are refused with a 400 or read, never another error', () => {
    let seed = 11
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let n = 0; n < 300; n++) {
      const bytes = Buffer.from(binarized)
      for (let k = 1 + Math.floor(random() * 4); k > 0; k--)
        bytes[16 + Math.floor(random() * (bytes.length - 16))] = Math.floor(random() * 256)
      try {
        readMissionFile(bytes)
      } catch (error) {
        expect(error, String(error)).toBeInstanceOf(ServiceError)
        expect((error as ServiceError).status).toBe(400)
      }
    }
  }, 60_000)
})
