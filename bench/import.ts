// import: moving a unit in (docs/rules/roster.md, Moving in and out). A 5,000-row roster file (in-game name, Discord
// id, a rank name the rank map turns into a rank, join date, qualifications and awards as lists) and a 5,000-row rank
// record export of a rival personnel system, each previewed and applied through POST /api/admin/roster/import/csv on
// the demo unit, as an admin's browser calls it. Figures: the median and worst of five previews, and the apply (one
// per round, each round on a fresh set of people so every row is written), with the CPU time of the app and its database beside.
// Targets: a 5,000-row preview under 2 s, its apply under 5 s.
import postgres from 'postgres'
import { DEMO_USERS } from '#db/seed/demo-guild.ts'
import { login } from './http-client.ts'
import { ms, percentile, printTable, progress, withCpu, type Child } from './lib.ts'

const ROWS = 5000
const PREVIEWS = 5
const APPLIES = 3
const TARGET_PREVIEW_MS = 2000
const TARGET_APPLY_MS = 5000
const RANK_NAMES = { Private: 'BMT', Corporal: 'JNCO', Sergeant: 'NCO', Lieutenant: 'JOFC' } as const

const demoId = (username: string) => DEMO_USERS.find((u) => u.username === username)!.id

/** A spreadsheet of `ROWS` people not on the roster (round `round` names them apart from the other rounds). */
function rosterFile(round: number, qualifications: string[], awards: string[]): string {
  const ranks = Object.keys(RANK_NAMES)
  const lines = ['Name,Discord ID,Rank,Joined,Qualifications,Awards']
  for (let i = 0; i < ROWS; i++) {
    const quals = [qualifications[i % qualifications.length], qualifications[(i * 7) % qualifications.length]]
    lines.push(
      [
        `Import ${round}-${i}`,
        String(900_000_000_000_000_000n + BigInt(round * 100_000 + i)),
        ranks[i % ranks.length],
        `20${String(15 + (i % 10)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`,
        `"${[...new Set(quals)].join('; ')}"`,
        awards.length && i % 3 === 0 ? awards[i % awards.length] : '',
      ].join(','),
    )
  }
  return lines.join('\n')
}

/** A rank record export: `ROWS` dated rank records of 1,000 people, five each. */
function rankRecords(round: number): string {
  const ranks = Object.keys(RANK_NAMES)
  const lines = ['ID,User,Rank,Document,Author,Text,Type,Created at,Updated at,Deleted at']
  for (let i = 0; i < ROWS; i++) {
    const person = Math.floor(i / 5)
    const step = i % 5
    lines.push(
      `${i + 1},Records ${round}-${person},${ranks[Math.min(step, ranks.length - 1)]},,Capt. Price,Step ${step},0,20${16 + step}-03-0${1 + (person % 9)} 19:00:00,,`,
    )
  }
  return lines.join('\n')
}

export async function importScenario(startApp: () => Promise<Child>): Promise<{ ok: boolean; figures: string }> {
  progress('import: starting the app (demo data)')
  const app = await startApp()
  const [url, databaseUrl] = app.ready as [string, string]
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const admin = await login(url, demoId('demo_admin'))
    const qualifications = (await sql<{ name: string }[]>`select name from qualifications order by id`).map(
      (q) => q.name,
    )
    const awards = (await sql<{ name: string }[]>`select name from awards order by id`).map((a) => a.name)
    const call = async (body: Record<string, unknown>) => {
      const started = performance.now()
      const answer = await fetch(`${url}/api/admin/roster/import/csv`, {
        method: 'POST',
        headers: { cookie: admin, origin: url, 'content-type': 'application/json' },
        body: JSON.stringify({ rank_map: RANK_NAMES, ...body }),
      })
      const text = await answer.text()
      const took = performance.now() - started
      if (answer.status !== 200) throw new Error(`the import answered ${answer.status}: ${text.slice(0, 300)}`)
      return { ms: took, body: JSON.parse(text) as Record<string, unknown> }
    }

    const rows: string[][] = []
    let ok = true
    for (const [name, fileOf] of [
      ['roster file', (round: number) => rosterFile(round, qualifications, awards)],
      ['rank record export', rankRecords],
    ] as const) {
      const previews: number[] = []
      const previewCpu: number[] = []
      for (let i = 0; i < PREVIEWS; i++) {
        const { result, self, descendants } = await withCpu(app.child.pid, () => call({ csv: fileOf(0) }))
        previews.push(result.ms)
        previewCpu.push((self + descendants) * 1000)
        progress(`import: ${name} preview ${i + 1}: ${ms(result.ms)}`)
      }
      const applies: number[] = []
      const applyCpu: number[] = []
      for (let round = 1; round <= APPLIES; round++) {
        const { result, self, descendants } = await withCpu(app.child.pid, () =>
          call({ csv: fileOf(round), apply: true }),
        )
        applies.push(result.ms)
        applyCpu.push((self + descendants) * 1000)
        progress(`import: ${name} apply ${round}: ${ms(result.ms)} (${JSON.stringify(result.body)})`)
      }
      const [preview, apply] = [percentile(previews, 50), percentile(applies, 50)]
      const met = preview < TARGET_PREVIEW_MS && apply < TARGET_APPLY_MS
      ok &&= met
      rows.push(
        [
          `${name}: preview (median of ${PREVIEWS}, worst)`,
          `${ms(preview)}, ${ms(Math.max(...previews))}; CPU ${ms(percentile(previewCpu, 50))}`,
          `< ${ms(TARGET_PREVIEW_MS)}`,
          preview < TARGET_PREVIEW_MS ? 'yes' : 'NO',
        ],
        [
          `${name}: apply (median of ${APPLIES}, worst)`,
          `${ms(apply)}, ${ms(Math.max(...applies))}; CPU ${ms(percentile(applyCpu, 50))}`,
          `< ${ms(TARGET_APPLY_MS)}`,
          apply < TARGET_APPLY_MS ? 'yes' : 'NO',
        ],
      )
    }
    printTable(
      `import: ${ROWS.toLocaleString('en')}-row files through the CSV import`,
      ['measure', 'value', 'target', 'met'],
      rows,
    )
    return { ok, figures: rows.map((row) => `${row[0]} ${row[1]}`).join('; ') }
  } finally {
    await sql.end({ timeout: 5 })
    await app.stop()
  }
}
