// docs/decisions/README.md lists every decision record, each once, in number order, and explains every number the
// folder skips: a newcomer reading the index sees the whole set.
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const dir = path.resolve(import.meta.dirname, '..', 'docs', 'decisions')
/** Numbers that were never written, as the index explains. */
const NEVER_WRITTEN = ['039', '043', '048']

it('the decisions index lists every record in order, and the numbers it skips are the ones it explains', () => {
  const records = fs
    .readdirSync(dir)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .sort()
  const index = fs.readFileSync(path.join(dir, 'README.md'), 'utf8')
  expect([...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map(([, file]) => file)).toEqual(records)
  const numbers = records.map((name) => Number(name.slice(0, 3)))
  const missing: string[] = []
  for (let n = 1; n < Math.max(...numbers); n++) if (!numbers.includes(n)) missing.push(String(n).padStart(3, '0'))
  expect(missing).toEqual(NEVER_WRITTEN)
  for (const number of NEVER_WRITTEN) expect(index).toContain(number)
})
