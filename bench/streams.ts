// Scenario "streams": 3,000 live streams (GET /api/live) asked at once from one address, while /healthz is asked every
// 10 ms from another by a prober in its own process (bench/healthz-probe.ts). The app serves 200 streams per address
// (LIVE_STREAMS_PER_CLIENT) and refuses the rest; the refusals must be cheap enough that /healthz, asked beside them,
// still answers within 100 ms at p99. Side by side in each round: /healthz alone for as long, then beside the rush.
// `npm run bench -- --only=streams`.
import { spawn } from 'node:child_process'
import http from 'node:http'
import type { Child } from './lib.ts'
import { machineMeter, ms, percentile, printTable, progress, sleep } from './lib.ts'

const ASKS = 3000
const ROUNDS = 5
const TARGET_P99_MS = 100
const RUSH_ADDRESS = '127.0.0.1'
const PROBE_ADDRESS = '127.0.0.2'

interface Probe {
  stop: () => Promise<number[]>
}

/** Starts the prober and resolves once it asks; stop() ends it and gives its times. */
function startProbe(appUrl: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/healthz-probe.ts', appUrl, PROBE_ADDRESS], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let output = ''
    let ready = false
    let onDone: ((times: number[]) => void) | null = null
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (!ready && output.includes('READY')) {
        ready = true
        output = output.slice(output.indexOf('\n') + 1)
        resolve({
          stop: () =>
            new Promise((done) => {
              onDone = done
              child.stdin.write('stop\n')
            }),
        })
      }
      const line = output.trim()
      if (ready && onDone && line.startsWith('[') && line.endsWith(']')) onDone(JSON.parse(line) as number[])
    })
    child.once('exit', (code) => {
      if (!ready) reject(new Error(`the /healthz prober exited with ${code}`))
    })
  })
}

interface Asked {
  status: number
  close: () => void
}

/** Asks for a stream on a connection of its own; resolves with the answer's status once its head arrived. */
function askStream(appUrl: string): Promise<Asked> {
  const { hostname, port } = new URL(appUrl)
  return new Promise((resolve) => {
    const req = http.get(
      { host: hostname, port, path: '/api/live', localAddress: RUSH_ADDRESS, agent: false },
      (res) => {
        res.on('data', () => {})
        res.on('error', () => {})
        resolve({ status: res.statusCode ?? 0, close: () => req.destroy() })
      },
    )
    req.on('error', () => resolve({ status: 0, close: () => req.destroy() }))
  })
}

const summarise = (times: number[]) => ({
  p50: percentile(times, 50),
  p99: percentile(times, 99),
  max: Math.max(...times),
})

export async function streamsScenario(startApp: () => Promise<Child>): Promise<{ ok: boolean; figures: string }> {
  progress('streams: starting the app (demo data)')
  const app = await startApp()
  const appUrl = app.ready[0]!
  const machine = machineMeter()
  const rows: string[][] = []
  const alone: number[] = []
  const beside: number[] = []
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      progress(`streams: round ${round}: ${ASKS} streams asked at once, /healthz beside`)
      const probe = await startProbe(appUrl)
      const rushStarted = performance.now()
      const asked = await Promise.all(Array.from({ length: ASKS }, () => askStream(appUrl)))
      const answeredMs = performance.now() - rushStarted
      await sleep(200)
      const during = await probe.stop()
      for (const a of asked) a.close()
      await sleep(1000)
      // The same prober for as long with nothing else asked: the side-by-side baseline.
      const baselineProbe = await startProbe(appUrl)
      await sleep(answeredMs + 200)
      const idle = await baselineProbe.stop()
      const count = (status: number) => asked.filter((a) => a.status === status).length
      const i = summarise(idle)
      const d = summarise(during)
      alone.push(i.p99)
      beside.push(d.p99)
      rows.push([
        `${round}`,
        `${count(200)} / ${count(429)} / ${count(503)} / ${count(0)}`,
        ms(answeredMs),
        `${ms(i.p50)} / ${ms(i.p99)}`,
        `${ms(d.p50)} / ${ms(d.p99)} / ${ms(d.max)} (${during.length} asks)`,
        `${(d.p99 / i.p99).toFixed(1)}x`,
      ])
      await sleep(1000)
    }
  } finally {
    await app.stop()
  }
  const p99 = percentile(beside, 50)
  const ok = p99 < TARGET_P99_MS
  printTable(
    `streams: ${ASKS} live streams asked at once from one address, /healthz asked beside from another`,
    [
      'round',
      'streams 200 / 429 / 503 / failed',
      'all answered in (ms)',
      '/healthz alone p50 / p99 (ms)',
      '/healthz beside the rush p50 / p99 / max (ms)',
      'p99 beside / alone',
    ],
    rows,
    [
      `Target: /healthz p99 < ${TARGET_P99_MS} ms beside the rush (median of the rounds: ${ms(p99)} ms; alone ${ms(percentile(alone, 50))} ms). Failed: closed as it connected, by the cap on open connections per address (server/http/limits.ts, connectionGate). ${machine()}.`,
    ],
  )
  return {
    ok,
    figures: `/healthz p99 beside ${ASKS} stream asks ${ms(p99)} ms (alone ${ms(percentile(alone, 50))} ms)`,
  }
}
