// The mission file import's speed (docs/rules/orbat.md, The mission file): a 5 MB mission.sqm of the Eden text
// format, grown from the test fixture's infantry group, read and turned into a proposed ORBAT, five times; prints each
// run and the median against the 1 s target. `npx tsx bench/mission-import.ts`
import fs from 'node:fs'
import { readMissionFile } from '#server/orbat/mission/mission.ts'
import { exportMission } from '#server/orbat/mission/export.ts'

const fixture = fs.readFileSync('tests/fixtures/mission/mission.sqm').toString('latin1')
const from = fixture.indexOf('\n\t\tclass Item1\r\n', fixture.indexOf('class Mission'))
const to = fixture.indexOf('\n\t\tclass Item2\r\n')
const group = fixture.slice(from, to)
const big = Buffer.from(
  fixture.slice(0, to) + group.repeat(Math.ceil(5_000_000 / group.length)) + fixture.slice(to),
  'latin1',
)

const runs: number[] = []
for (let run = 0; run < 5; run++) {
  const started = performance.now()
  const { file, proposal } = readMissionFile(big)
  const read = performance.now() - started
  exportMission(file, proposal, { squads: [], slots: [] })
  runs.push(read)
  console.log(
    `run ${run + 1}: read ${read.toFixed(0)} ms (${proposal.squads.length} squads, ${proposal.skipped.length} units left out)`,
  )
}
const median = [...runs].sort((a, b) => a - b)[2]!
console.log(
  `mission.sqm of ${(big.length / 1e6).toFixed(1)} MB: median ${median.toFixed(0)} ms (target < 1000 ms) ${median < 1000 ? 'OK' : 'SLOW'}`,
)
