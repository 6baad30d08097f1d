// Scenario "poll": GET /api/orbat of a realistic ORBAT at 100 concurrent connections, the app against a bare
// node:http server sending the same bytes, raw and compressed (a browser's Accept-Encoding), plus the conditional
// (If-None-Match -> 304) poll every open page makes; and the bytes on the wire per answer with and without compression.
import { compare, comparisonCells, comparisonHeader, rawGet, record, startBare, type LoadSpec } from './compare.ts'
import { machineMeter, printTable, progress, verdict } from './lib.ts'
import type { Arrangement } from './orbat-fixture.ts'

const CONNECTIONS = 100
const SECONDS = 10
const TARGET_RATIO = 0.5
const TARGET_P99_MS = 50

/** What Chromium sends: the app answers it with brotli. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

/** One 200 answer of /api/orbat as it crosses the wire for a given Accept-Encoding (status line and headers too). */
async function onTheWire(url: string, acceptEncoding: string | null) {
  const answer = await rawGet(url, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {})
  if (answer.status !== 200) throw new Error(`/api/orbat answered ${answer.status}`)
  const head = `HTTP/1.1 200 OK\r\n${Object.entries(answer.headers)
    .map(([name, value]) => `${name}: ${String(value)}\r\n`)
    .join('')}\r\n`
  return {
    acceptEncoding,
    coding: String(answer.headers['content-encoding'] ?? 'none'),
    body: answer.body,
    wire: Buffer.byteLength(head) + answer.body.length,
  }
}

export async function pollScenario(
  appPid: number | undefined,
  appUrl: string,
  a: Arrangement,
): Promise<{ ok: boolean; figures: string }> {
  const url = `${appUrl}/api/orbat`
  const [plain, gzipped, compressed] = await Promise.all([
    onTheWire(url, null),
    onTheWire(url, 'gzip'),
    onTheWire(url, BROWSER_ACCEPT_ENCODING),
  ])
  const wire = [plain, gzipped, compressed]
  const etag = (await rawGet(url)).headers.etag
  if (!etag) throw new Error('/api/orbat answered without an ETag')
  const payload = JSON.parse(plain.body.toString()) as {
    slots: Array<{ user_id: number | null; manual_username: string | null; role: string }>
  }
  const taken = payload.slots.filter((s) => s.user_id !== null || s.manual_username !== null).length
  const real = payload.slots.filter((s) => !s.role.startsWith('---')).length
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

  const specs: LoadSpec[] = [
    {
      name: `GET /api/orbat (200, raw, ${kB(plain.body.length)})`,
      path: '/api/orbat',
      connections: CONNECTIONS,
      seconds: SECONDS,
      status: 200,
    },
    {
      name: `GET /api/orbat (200, ${compressed.coding}, ${kB(compressed.body.length)})`,
      path: '/api/orbat',
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      status: 200,
    },
    {
      name: 'GET /api/orbat If-None-Match (304)',
      path: '/api/orbat',
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: { 'if-none-match': etag },
      status: 304,
    },
  ]
  const bare = await startBare(await record(appUrl, specs))
  const rows: string[][] = []
  const figures: string[] = []
  let ok = true
  const machine = machineMeter()
  let machineUse: string
  try {
    for (const spec of specs) {
      progress(`poll: ${spec.name}, ${CONNECTIONS} connections, ${SECONDS} s each against the app and the bare server`)
      const { app, bare: b, ratio } = await compare(appUrl, bare.ready[0]!, spec, { app: appPid, bare: bare.child.pid })
      const met = ratio >= TARGET_RATIO && app.p99 < TARGET_P99_MS && app.errors === 0
      ok &&= met
      figures.push(
        `${spec.status === 304 ? '304' : spec.headers ? '200 compressed' : '200 raw'}: ratio ${ratio.toFixed(2)}, p99 ${app.p99} ms`,
      )
      rows.push([
        ...comparisonCells(spec, app, b, ratio),
        `${app.cpuUs.toFixed(0)} / ${b.cpuUs.toFixed(0)}`,
        `${app.errors}`,
        app.bytesPerAnswer.toFixed(0),
        verdict(met),
      ])
    }
    machineUse = machine()
  } finally {
    await bare.stop()
  }
  printTable(
    'poll: GET /api/orbat, app vs bare node:http (same bytes and headers incl. ETag)',
    [
      ...comparisonHeader('request'),
      'CPU us/req app / bare',
      'app errors',
      'bytes/answer',
      `target (ratio >= ${TARGET_RATIO}, p99 < ${TARGET_P99_MS} ms)`,
    ],
    rows,
    [
      `ORBAT: ${a.squads} squads, ${a.rows} rows (${real} slots + ${a.spacers} spacers), ${taken} taken, ${a.waitlist.length} on the waitlist, ` +
        `${a.edges} edges, ${a.waypoints} waypoints, ${a.paxCounters} pax counters.`,
      `${SECONDS} s per side in 2 alternating rounds (app, bare, app, bare) after 2 s warm-up; p99 = the worse round.`,
      `CPU us/req: CPU time of the server process per answered request (independent of other load). During the measurements: ${machineUse}.`,
      'bytes/answer: bytes the load generator received per answer, headers included.',
    ],
  )
  printTable(
    'poll: bytes on the wire per 200 answer of GET /api/orbat, by Accept-Encoding (status line and headers included)',
    ['Accept-Encoding sent', 'Content-Encoding', 'body bytes', 'bytes on the wire', 'of the raw answer'],
    wire.map((w) => [
      w.acceptEncoding ?? '(none)',
      w.coding,
      `${w.body.length}`,
      `${w.wire}`,
      `${((100 * w.wire) / plain.wire).toFixed(0)}%`,
    ]),
  )
  figures.push(`bytes per 200: ${wire.map((w) => `${w.coding} ${w.wire}`).join(', ')}`)
  return { ok, figures: figures.join('; ') }
}
