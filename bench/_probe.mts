import { spawn } from 'node:child_process'
import postgres from 'postgres'
import { arrangeRoster } from './roster.ts'
const child = spawn(process.execPath, ['--import', 'tsx', 'bench/orbat-server.ts', '1'], { cwd: '/work/main', stdio: ['ignore', 'pipe', 'inherit'] })
const ready: string = await new Promise((resolve) => child.stdout.on('data', (d) => { const m = String(d).match(/READY (\S+) (\S+)/); if (m) resolve(m[2]!) }))
const sql = postgres(ready, { max: 1, onnotice: () => {} })
await arrangeRoster(sql)
console.log(await sql`show lc_collate`)
const q = (s: string) => sql.unsafe(`explain (analyze, buffers off) ${s}`).then((r) => console.log(s.slice(0, 80), '\n', r.map((x: any) => x['QUERY PLAN']).filter((l: string) => /Execution|Planning|Sort Method/.test(l)).join('\n')))
await q(`select id, ingame_name, (attended_events_count + hidden_score) as s, count(*) over () from members where is_banned = false order by rank desc, lower(ingame_name) asc, id asc limit 30 offset 0`)
await q(`select id, ingame_name, (attended_events_count + hidden_score) as s, count(*) over () from members where is_banned = false order by rank desc, lower(ingame_name) asc, id asc limit 30 offset 1170`)
await q(`select id, ingame_name, count(*) over () from members where is_banned = false and ingame_name ilike '%ka%' order by rank desc, lower(ingame_name) asc, id asc limit 30`)
await sql.end()
child.kill('SIGTERM')
