// mission: the mission file import's speed (docs/rules/orbat.md, The mission file). A 5 MB mission.sqm of the Eden
// text format, grown from the test fixture's infantry group, read and turned into a proposed ORBAT (what the import
// does before it answers), five times in this process; then written back with an empty ORBAT (the export's work).
// Prints each run and the median against the 1 s target. `npm run bench -- --only=mission`, or on its own:
// `npx tsx bench/mission-import.ts`.
import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import { exportMission } from '#server/orbat/mission/export.ts'
import { readMissionFile } from '#server/orbat/mission/mission.ts'
import { machineMeter, ms, percentile, printTable, progress } from './lib.ts'

const TARGET_MS = 1000
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
  return {
    ok: median < TARGET_MS,
    figures: `${size}: median read ${ms(median)} ms, ${ms(percentile(cpuReads, 50))} ms of CPU (target < ${TARGET_MS} ms)`,
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await missionImportScenario()
  console.log(`${result.ok ? 'OK' : 'SLOW'}: ${result.figures}`)
}
