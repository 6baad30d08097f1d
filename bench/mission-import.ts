// mission: the mission file import's speed (docs/rules/orbat.md, The mission file). A 5 MB mission.sqm of the Eden
// text format, grown from the test fixture's infantry group, read and turned into a proposed ORBAT (what the import
// does before it answers), five times in this process; then written back with an empty ORBAT (the export's work).
// Then the same mission binarized (tests/harness/rapify.ts), read five times: the conversion to its text form
// (server/orbat/mission/rap.ts) and the same parse and proposal. Prints each run and the medians against the 1 s
// target (the binarized file's read against the same target plus the conversion's share, 1.5 s). `npm run bench -- --only=mission`, or on its own:
// `npx tsx bench/mission-import.ts`.
import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import { exportMission } from '#server/orbat/mission/export.ts'
import { readMissionFile } from '#server/orbat/mission/mission.ts'
import { rapToText } from '#server/orbat/mission/rap.ts'
import { MAX_DEPTH, MAX_UNPACKED_BYTES } from '#server/orbat/mission/sqm.ts'
import { binarize } from '../tests/harness/rapify.ts'
import { machineMeter, ms, percentile, printTable, progress } from './lib.ts'

const TARGET_MS = 1000
const BINARIZED_TARGET_MS = 1500
const RUNS = 5
const BYTES = 5_000_000

/** The fixture with its first infantry group repeated until the file passes 5 MB. */
function bigMission(): Buffer {
  const fixture = fs.readFileSync('tests/fixtures/mission/mission.sqm').toString('latin1')
  const from = fixture.indexOf('\n\t\tclass Item1\r\n', fixture.indexOf('class Mission'))
  const to = fixture.indexOf('\n\t\tclass Item2\r\n')
  const group = fixture.slice(from, to)
  return Buffer.from(fixture.slice(0, to) + group.repeat(Math.ceil(BYTES / group.length)) + fixture.slice(to), 'latin1')
}

export async function missionImportScenario(): Promise<{ ok: boolean; figures: string }> {
  const big = bigMission()
  const size = `${(big.length / 1e6).toFixed(1)} MB`
  progress(`mission: reading a ${size} mission.sqm ${RUNS} times`)
  const machine = machineMeter()
  const reads: number[] = []
  const cpuReads: number[] = []
  const rows: string[][] = []
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now()
    const cpu = process.cpuUsage()
    const { file, proposal } = readMissionFile(big)
    const read = performance.now() - started
    const spent = process.cpuUsage(cpu)
    cpuReads.push((spent.user + spent.system) / 1000)
    exportMission(file, proposal, { squads: [], slots: [] })
    const written = performance.now() - started - read
    reads.push(read)
    const slots = proposal.squads.reduce((n, s) => n + s.teams.reduce((m, t) => m + t.slots.length, 0), 0)
    rows.push([
      `${run + 1}`,
      ms(read),
      ms(cpuReads.at(-1)!),
      ms(written),
      `${proposal.squads.length}`,
      `${slots}`,
      `${proposal.skipped.length}`,
    ])
  }
  const median = percentile(reads, 50)
  printTable(
    `mission: import of a ${size} mission.sqm (parse and proposal), in this process`,
    ['run', 'read ms', 'read CPU ms', 'export ms', 'squads', 'slots', 'left out'],
    rows,
    [
      `Median read ${ms(median)} ms (target < ${TARGET_MS} ms); read CPU ms: this process's own CPU time for it (what other work on the machine changes least). ${machine()}.`,
    ],
  )
  const binarized = binarizedScenario(big)
  return {
    ok: median < TARGET_MS && binarized.ok,
    figures: `${size}: median read ${ms(median)} ms, ${ms(percentile(cpuReads, 50))} ms of CPU (target < ${TARGET_MS} ms); ${binarized.figures}`,
  }
}

/** The same mission binarized: the conversion to text alone, then the whole read (conversion, parse, proposal). */
function binarizedScenario(text: Buffer): { ok: boolean; figures: string } {
  const rap = binarize(text)
  const size = `${(rap.length / 1e6).toFixed(1)} MB`
  progress(`mission: reading the same mission binarized (${size}) ${RUNS} times`)
  const machine = machineMeter()
  const converts: number[] = []
  const reads: number[] = []
  const rows: string[][] = []
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now()
    const unpacked = rapToText(rap, { maxDepth: MAX_DEPTH, maxTextBytes: MAX_UNPACKED_BYTES })
    converts.push(performance.now() - started)
    started = performance.now()
    const cpu = process.cpuUsage()
    const { file, proposal } = readMissionFile(rap)
    reads.push(performance.now() - started)
    const spent = process.cpuUsage(cpu)
    const slots = proposal.squads.reduce((n, s) => n + s.teams.reduce((m, t) => m + t.slots.length, 0), 0)
    if (!file.binarized || file.source.length !== unpacked.length) throw new Error('the binarized read went wrong')
    rows.push([
      `${run + 1}`,
      ms(converts.at(-1)!),
      ms(reads.at(-1)!),
      ms((spent.user + spent.system) / 1000),
      `${(unpacked.length / 1e6).toFixed(1)} MB`,
      `${slots}`,
    ])
  }
  const median = percentile(reads, 50)
  printTable(
    `mission: import of the same mission binarized (${size}), in this process`,
    ['run', 'to text ms', 'read ms', 'read CPU ms', 'text', 'slots'],
    rows,
    [
      `Median read ${ms(median)} ms (target < ${BINARIZED_TARGET_MS} ms), of which the conversion to text ${ms(percentile(converts, 50))} ms; the read is the conversion, then the text's parse and proposal. ${machine()}.`,
    ],
  )
  return {
    ok: median < BINARIZED_TARGET_MS,
    figures: `binarized ${size}: median read ${ms(median)} ms, ${ms(percentile(converts, 50))} ms of it to text (target < ${BINARIZED_TARGET_MS} ms)`,
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await missionImportScenario()
  console.log(`${result.ok ? 'OK' : 'SLOW'}: ${result.figures}`)
}
