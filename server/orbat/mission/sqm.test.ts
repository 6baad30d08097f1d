// The mission file parser and the round trip (docs/rules/orbat.md, The mission file): offsets exact to the byte, bad
// files refused with a 400 that says why (never another error, never a hang), and the export touching only the
// values it means to.
import fs from 'node:fs'
import peggy from 'peggy'
import { describe, expect, it } from 'vitest'
import { ServiceError } from '../../errors.ts'
import { exportMission } from './export.ts'
import { proposeOrbat, readMissionFile, type Proposal } from './mission.ts'
import { RAP_ERRORS } from './rap.ts'
import { applyEdits, parseSqm, quoted, SQM_ERRORS, utf8, type SqmEntry, type SqmScalar, type SqmArray } from './sqm.ts'

const FIXTURE = fs.readFileSync('tests/fixtures/mission/mission.sqm')

/** Every scalar of the file, depth first. */
function scalars(entries: SqmEntry[]): SqmScalar[] {
  const out: SqmScalar[] = []
  const fromArray = (a: SqmArray) => a.items.forEach((i) => (i.kind === 'array' ? fromArray(i) : out.push(i)))
  for (const e of entries) {
    if (e.kind === 'class') out.push(...scalars(e.body?.entries ?? []))
    else if (e.kind === 'value') out.push(e.value)
    else fromArray(e.value)
  }
  return out
}

/** The ORBAT a proposal would be stored as, with slot ids from 201 and squad ids from 1. */
function storedOrbat(proposal: Proposal) {
  let slotId = 200
  const squads = proposal.squads.map((s, i) => ({ id: i + 1, name: s.name }))
  const slots = proposal.squads.flatMap((s, i) =>
    s.teams.flatMap((t, teamOrder) =>
      t.slots.map((x, slotOrder) => ({
        id: ++slotId,
        squad_id: i + 1,
        team: t.name,
        team_order: teamOrder,
        slot_order: slotOrder,
        role: x.name,
      })),
    ),
  )
  return { squads, slots }
}

/** The lines of two files that differ, as [before, after]. */
function changedLines(before: Buffer, after: Buffer): Array<[string, string]> {
  const a = before.toString('utf8').split('\r\n')
  const b = after.toString('utf8').split('\r\n')
  const out: Array<[string, string]> = []
  let j = 0
  for (let i = 0; i < b.length; i++) {
    if (a[j] === b[i]) j++
    else if (a[j + 1] === b[i + 1]) out.push([a[j++]!.trim(), b[i]!.trim()])
    else out.push(['', b[i]!.trim()])
  }
  return out
}

function refusal(bytes: Uint8Array): string {
  try {
    readMissionFile(bytes)
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError)
    expect((error as ServiceError).status).toBe(400)
    return (error as Error).message
  }
  throw new Error('expected a refusal')
}

describe('the parser', () => {
  it('keeps every value at its bytes: each string re-quoted is the file slice, and no edits give the input back', () => {
    const file = parseSqm(FIXTURE)
    const all = scalars(file.entries)
    expect(all.length).toBeGreaterThan(300)
    for (const v of all.filter((x) => x.kind === 'string'))
      expect(quoted(utf8(v.text))).toBe(file.source.slice(v.start, v.end))
    expect(applyEdits(file.source, []).equals(FIXTURE)).toBe(true)
  })

  it('reads doubled quotes and UTF-8 in strings', () => {
    const { proposal } = readMissionFile(FIXTURE)
    const charlie = proposal.squads.find((s) => s.name === 'Charlie "Ghost"')!
    expect(charlie.teams[0]!.slots.map((s) => s.name)).toEqual(['Rifleman "Doc"', 'Rifleman'])
    expect(proposal.squads.at(-1)!.teams[0]!.slots[0]!.name).toBe('Sanitäter')
  })

  it('is the generated parser of sqm.peggy (run `npm run peggy` after editing the grammar)', () => {
    const grammar = 'server/orbat/mission/sqm.peggy'
    const source = peggy.generate(fs.readFileSync(grammar, 'utf8'), {
      output: 'source',
      format: 'es',
      grammarSource: grammar,
    })
    expect(source).toBe(fs.readFileSync('server/orbat/mission/sqm-parser.js', 'utf8'))
  })
})

describe('the proposal', () => {
  it('has one squad per group with playable units, teams from labels and team leaders, and says what it left out', () => {
    const { proposal } = readMissionFile(FIXTURE)
    const shape = proposal.squads.map((s) => [
      s.name,
      s.side,
      s.teams.map((t) => `${t.name}: ${t.slots.map((x) => x.name).join(', ')}`),
    ])
    expect(shape).toEqual([
      ['Platoon HQ', 'West', ['Platoon HQ: Platoon Leader, Platoon Sergeant, Medic']],
      [
        'Alpha 1-1',
        'West',
        ['HQ: Squad Leader, Rifleman', 'Red: Team Leader, Autorifleman, Rifleman (AT)', 'Blue: Team Leader, Grenadier'],
      ],
      [
        'Bravo 1-2',
        'West',
        ['HQ: Squad Leader', 'Fireteam 1: Team Leader, Rifleman', 'Fireteam 2: Team Leader, Autorifleman'],
      ],
      ['Group 4', 'West', ['Group 4: Crewman, Crewman']],
      ['Charlie "Ghost"', 'West', ['Charlie "Ghost": Rifleman "Doc", Rifleman']],
      ['Zulu', 'Independent', ['Zulu: Sanitäter']],
    ])
    expect(proposal.skipped).toEqual([
      { unit: 'HC1 (HeadlessClient_F)', reason: 'A headless client or game logic, not a player slot.' },
    ])
  })
})

describe('other shapes of the format', () => {
  it("reads Eden's multi-line strings and writes into the same file unchanged around them", () => {
    const source = FIXTURE.toString('latin1').replace(
      'skill=0.60000002;',
      'init="if (isServer) then { " \\n "this setGroupIdGlobal [""Reserve""]; " \\n "};";\r\n\t\t\t\t\t\tskill=0.60000002;',
    )
    const bytes = Buffer.from(source, 'latin1')
    const { file, proposal } = readMissionFile(bytes)
    const out = exportMission(file, proposal, storedOrbat(proposal))
    expect(changedLines(bytes, out.bytes)).toHaveLength(20)
  })

  it('reads classes named by numbers (the entries of a HASHMAP value, as mods store them) and keeps their bytes', () => {
    // The shape Eden writes for an attribute whose value is a hash map (ACE's arsenal and other mods): its entries are
    // classes named 0, 1, ... A grammar that wanted a letter first refused every mission with one.
    const hashMap = [
      'class CustomAttributes',
      '{',
      '\tclass Attribute0',
      '\t{',
      '\t\tproperty="ace_arsenal_loadouts";',
      `\t\texpression="_this setVariable ['ace_arsenal_loadouts',_value]";`,
      '\t\tclass Value',
      '\t\t{',
      '\t\t\tclass data',
      '\t\t\t{',
      '\t\t\t\tclass type { type[]={"HASHMAP"}; };',
      '\t\t\t\tclass value',
      '\t\t\t\t{',
      '\t\t\t\t\titems=2;',
      '\t\t\t\t\tclass 0 { class data { class type { type[]={"STRING"}; }; value="Rifleman"; }; };',
      '\t\t\t\t\tclass 1 { class data { class type { type[]={"SCALAR"}; }; value=1.5e-3; }; };',
      '\t\t\t\t\tclass 2nd { items=0; };',
      '\t\t\t\t};',
      '\t\t\t};',
      '\t\t};',
      '\t};',
      '\tnAttributes=1;',
      '};',
      '',
    ].join('\r\n')
    const source = FIXTURE.toString('latin1').replace(
      '\t\t\t\t\t\tskill=0.60000002;',
      `${hashMap}\t\t\t\t\t\tskill=0.60000002;`,
    )
    const bytes = Buffer.from(source, 'latin1')
    const { entries } = parseSqm(bytes)
    expect(JSON.stringify(entries)).toContain('"name":"0"')
    const { file, proposal } = readMissionFile(bytes)
    const { file: plain, proposal: plainProposal } = readMissionFile(FIXTURE)
    expect(storedOrbat(proposal)).toEqual(storedOrbat(plainProposal))
    const out = exportMission(file, proposal, storedOrbat(proposal))
    const plainOut = exportMission(plain, plainProposal, storedOrbat(plainProposal))
    expect(changedLines(bytes, out.bytes)).toEqual(changedLines(FIXTURE, plainOut.bytes))
  })

  it("reads the 2D editor's format (Groups > Vehicles, player=, text=) and writes slot ids as text=", () => {
    const legacy = [
      'version=12;',
      'class Mission',
      '{',
      '\tclass Groups',
      '\t{',
      '\t\titems=1;',
      '\t\tclass Item0',
      '\t\t{',
      '\t\t\tside="WEST";',
      '\t\t\tclass Vehicles',
      '\t\t\t{',
      '\t\t\t\titems=2;',
      '\t\t\t\tclass Item0',
      '\t\t\t\t{',
      '\t\t\t\t\tvehicle="B_Soldier_SL_F";',
      '\t\t\t\t\tplayer="PLAYER COMMANDER";',
      '\t\t\t\t\tdescription="Squad Leader@Alpha";',
      '\t\t\t\t};',
      '\t\t\t\tclass Item1',
      '\t\t\t\t{',
      '\t\t\t\t\tvehicle="B_medic_F";',
      '\t\t\t\t\tplayer="PLAY CDG";',
      '\t\t\t\t\ttext="doc";',
      '\t\t\t\t};',
      '\t\t\t};',
      '\t\t};',
      '\t};',
      '};',
      '',
    ].join('\r\n')
    const { file, proposal } = readMissionFile(Buffer.from(legacy))
    expect(proposal.squads.map((s) => [s.name, s.side, s.teams[0]!.slots.map((x) => x.name)])).toEqual([
      ['Alpha', 'WEST', ['Squad Leader', 'Combat Life Saver']],
    ])
    const out = exportMission(file, proposal, storedOrbat(proposal))
    expect(changedLines(Buffer.from(legacy), out.bytes)).toEqual([
      ['', 'text="tfhq_slot_201";'],
      ['text="doc";', 'text="tfhq_slot_202";'],
    ])
  })
})

describe('bad files: 400 saying why, quickly', () => {
  it('a binarized file too short to hold its header is cut off', () => {
    expect(refusal(Buffer.from([0, 0x72, 0x61, 0x50, 0, 0, 0, 8, 1, 2, 3]))).toBe(RAP_ERRORS.truncated)
  })

  it('no playable unit, not a mission, empty', () => {
    expect(
      refusal(
        Buffer.from('version=54;\r\nclass Mission\r\n{\r\n\tclass Entities\r\n\t{\r\n\t\titems=0;\r\n\t};\r\n};\r\n'),
      ),
    ).toMatch(/no playable units/)
    expect(refusal(Buffer.from('class CfgPatches\n{\n};\n'))).toBe(SQM_ERRORS.notMission)
    expect(refusal(Buffer.alloc(0))).toBe(SQM_ERRORS.empty)
  })

  it('every truncation of the fixture is refused or still a mission, never another error', () => {
    for (let cut = 1; cut < FIXTURE.length; cut += 37) {
      try {
        readMissionFile(FIXTURE.subarray(0, cut))
      } catch (error) {
        expect((error as ServiceError).status).toBe(400)
      }
    }
    // A hang fails by the time limit; how fast a bad file is refused is bench/mission-import.ts's to measure.
  }, 30_000)

  it('random bytes and random edits of the fixture are refused with a 400 or read', () => {
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let n = 0; n < 300; n++) {
      const bytes =
        n % 2
          ? Buffer.from(Array.from({ length: 1 + Math.floor(random() * 2000) }, () => Math.floor(random() * 256)))
          : Buffer.from(FIXTURE)
              .fill(Math.floor(random() * 256), Math.floor(random() * FIXTURE.length))
              .subarray(0)
      try {
        readMissionFile(bytes)
      } catch (error) {
        expect((error as ServiceError).status).toBe(400)
      }
    }
  })

  it('deep nesting and one huge string', () => {
    const deep = 'class Mission{' + 'x[]={'.repeat(100_000)
    expect(refusal(Buffer.from(deep))).toBe(SQM_ERRORS.tooDeep)
    expect(refusal(Buffer.from('class A' + '{class A'.repeat(70) + '};'.repeat(71)))).toBe(SQM_ERRORS.tooDeep)
    const huge = Buffer.from(`x="${'a'.repeat(10 * 1024 * 1024 - 10)}";`)
    expect(refusal(huge)).toBe(SQM_ERRORS.notMission)
    const open = Buffer.from(`x="${'a'.repeat(10 * 1024 * 1024 - 10)}`)
    expect(refusal(open)).toMatch(/cut off/)
  }, 30_000)
})

describe('the export', () => {
  it('of the ORBAT as imported changes only the variable names, which carry the slot ids', () => {
    const { file, proposal } = readMissionFile(FIXTURE)
    const out = exportMission(file, proposal, storedOrbat(proposal))
    expect(out.mapped).toBe(20)
    expect(out.unmapped).toBe(0)
    const changes = changedLines(FIXTURE, out.bytes)
    expect(changes).toHaveLength(20)
    for (const [before, after] of changes) {
      expect(after).toMatch(/^name="tfhq_slot_\d+";$/)
      expect(before === '' || /^name=/.test(before)).toBe(true)
    }
    expect(changes.slice(0, 3)).toEqual([
      ['name="pl";', 'name="tfhq_slot_201";'],
      ['', 'name="tfhq_slot_202";'],
      ['', 'name="tfhq_slot_203";'],
    ])
    // Exported twice: the second finds the slot ids and changes nothing.
    const again = readMissionFile(out.bytes)
    expect(exportMission(again.file, again.proposal, storedOrbat(proposal)).bytes.equals(out.bytes)).toBe(true)
    expect(again.proposal.squads.map((s) => s.name)).toEqual(proposal.squads.map((s) => s.name))
  })

  it('after renaming a slot, a team and squads changes those values too, and imports to the renamed ORBAT', () => {
    const { file, proposal } = readMissionFile(FIXTURE)
    const first = exportMission(file, proposal, storedOrbat(proposal)).bytes
    const orbat = storedOrbat(proposal)
    orbat.squads[1]!.name = 'Alpha 2-1'
    orbat.squads[3]!.name = 'Tank 1'
    orbat.slots.find((s) => s.role === 'Grenadier')!.role = 'Grenadier (M320)'
    for (const s of orbat.slots.filter((x) => x.team === 'Red')) s.team = 'Green'
    const again = readMissionFile(first)
    const second = exportMission(again.file, again.proposal, orbat).bytes
    const changes = changedLines(first, second)
    expect(changes).toEqual(
      expect.arrayContaining([
        ['description="Squad Leader@Alpha 1-1";', 'description="Squad Leader@Alpha 2-1";'],
        ['description="Team Leader@Alpha 1-1 Red";', 'description="Team Leader@Alpha 2-1 Green";'],
        ['description="Grenadier@Alpha 1-1 Blue";', 'description="Grenadier (M320)@Alpha 2-1 Blue";'],
        ['value="Alpha 1-1";', 'value="Alpha 2-1";'],
        ['', 'value="Tank 1";'],
      ]),
    )
    const reread = proposeOrbat(parseSqm(second))
    expect(reread.squads.map((s) => s.name)).toEqual([
      'Platoon HQ',
      'Alpha 2-1',
      'Bravo 1-2',
      'Tank 1',
      'Charlie "Ghost"',
      'Zulu',
    ])
    expect(reread.squads[1]!.teams.map((t) => t.name)).toEqual(['HQ', 'Green', 'Blue'])
    expect(reread.squads[1]!.teams[2]!.slots.map((s) => s.name)).toEqual(['Team Leader', 'Grenadier (M320)'])
  })
  it('writes a new role or label where the old one stood, keeping the spaces around the `@` and an unwritten role', () => {
    // As real missions write them: a space before the `@`, and a description with a label only (the slot is named
    // after the unit's class), which a rename of the squad must not fill with that name.
    const source = FIXTURE.toString('latin1')
      .replace('description="Squad Leader@Alpha 1-1";', 'description="Squad Leader @ Alpha 1-1";')
      .replace('description="Grenadier@Alpha 1-1 Blue";', 'description="@Alpha 1-1 Blue";')
    const bytes = Buffer.from(source, 'latin1')
    const { file, proposal } = readMissionFile(bytes)
    const first = exportMission(file, proposal, storedOrbat(proposal)).bytes
    const orbat = storedOrbat(proposal)
    orbat.squads[1]!.name = 'Alpha 2-1'
    const again = readMissionFile(first)
    const second = exportMission(again.file, again.proposal, orbat).bytes
    expect(changedLines(first, second)).toEqual(
      expect.arrayContaining([
        ['description="Squad Leader @ Alpha 1-1";', 'description="Squad Leader @ Alpha 2-1";'],
        ['description="@Alpha 1-1 Blue";', 'description="@Alpha 2-1 Blue";'],
      ]),
    )
    const squadLeader = orbat.slots.find((s) => s.role === 'Squad Leader')!
    squadLeader.role = 'Section Leader'
    const third = exportMission(readMissionFile(second).file, readMissionFile(second).proposal, orbat).bytes
    expect(changedLines(second, third)).toEqual([
      ['description="Squad Leader @ Alpha 2-1";', 'description="Section Leader @ Alpha 2-1";'],
    ])
    expect(proposeOrbat(parseSqm(third)).squads[1]!.teams.flatMap((t) => t.slots.map((s) => s.name))).toEqual(
      proposal.squads[1]!.teams.flatMap((t) =>
        t.slots.map((s) => (s.name === 'Squad Leader' ? 'Section Leader' : s.name)),
      ),
    )
  })
})
