// Side by side in one run: the app against bench/bare-server.ts answering with the bytes the app sent (same status,
// same headers incl. ETag, same body), both loaded by autocannon from this process.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { answerKey } from './answer-key.ts'
import { startProcess, withCpu, type Child } from './lib.ts'

export interface LoadSpec {
  name: string
  path: string
  connections: number
  seconds: number
  headers?: Record<string, string>
  /** The status every answer should have; others count as errors. Unset: whatever the app answered, 5xx count. */
  status?: number
}

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  /** Network errors, timeouts and answers with another status than expected. */
  errors: number
  requests: number
  /** CPU time of the server process per request, in microseconds (NaN when not measured). */
  cpuUs: number
  /** Bytes received per answer, headers included: what crossed the wire. */
  bytesPerAnswer: number
}

/** The headers of comparisonCells, the first named by what the rows are (request, scenario, query). */
export function comparisonHeader(first: string): string[] {
  return [first, 'conns', 'app req/s', 'bare req/s', 'ratio', 'app p50/p99 ms', 'bare p50/p99 ms']
}

/** The first cells of a comparison row: scenario, connections, rps app / bare, ratio, p50 / p99 app and bare. */
export function comparisonCells(spec: LoadSpec, app: LoadResult, bare: LoadResult, ratio: number): string[] {
  return [
    spec.name,
    `${spec.connections}`,
    app.rps.toFixed(0),
    bare.rps.toFixed(0),
    ratio.toFixed(2),
    `${app.p50} / ${app.p99}`,
    `${bare.p50} / ${bare.p99}`,
  ]
}

interface Recorded {
  status: number
  headers: Record<string, string>
  body: string
}

const HOP_BY_HOP = ['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']

/**
 * Asks the app once per spec with exactly the spec's headers, as the load generator will, and keeps exactly what it
 * answered: over node:http, since fetch would ask for compression itself and hand back decompressed bytes.
 */
export async function record(appUrl: string, specs: LoadSpec[]): Promise<Record<string, Recorded>> {
  const recorded: Record<string, Recorded> = {}
  for (const spec of specs) {
    const requestHeaders = Object.fromEntries(
      Object.entries(spec.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    )
    const response = await rawGet(appUrl + spec.path, requestHeaders)
    const headers: Record<string, string> = {}
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined && !HOP_BY_HOP.includes(key))
        headers[key] = Array.isArray(value) ? value.join(', ') : value
    }
    if (spec.status !== undefined && response.status !== spec.status)
      throw new Error(`${spec.path} answered ${response.status}, expected ${spec.status}`)
    recorded[answerKey(spec.path, requestHeaders)] = {
      status: response.status,
      headers,
      body: response.body.toString('base64'),
    }
  }
  return recorded
}

/** One GET over node:http: the bytes and headers as they came over the wire. */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

/** The baseline in its own Node process (tsx as a loader, so the process we measure is the server itself). */
export async function startBare(recorded: Record<string, Recorded>): Promise<Child> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'))
  const file = path.join(dir, 'recorded.json')
  fs.writeFileSync(file, JSON.stringify(recorded))
  const child = await startProcess(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', file])
  const stop = child.stop
  return {
    ...child,
    stop: async () => {
      await stop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

export async function load(url: string, spec: LoadSpec, seconds = spec.seconds): Promise<LoadResult> {
  const result = await autocannon({
    url: url + spec.path,
    connections: spec.connections,
    duration: seconds,
    headers: spec.headers,
  })
  const wrong = (code: string) => (spec.status === undefined ? code.startsWith('5') : code !== String(spec.status))
  const wrongStatus = Object.entries(result.statusCodeStats ?? {}).reduce(
    (sum, [code, s]) => sum + (wrong(code) ? (s?.count ?? 0) : 0),
    0,
  )
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + wrongStatus,
    requests: result.requests.total,
    cpuUs: Number.NaN,
    bytesPerAnswer: result.throughput.total / Math.max(1, result.requests.total),
  }
}

async function measured(url: string, spec: LoadSpec, seconds: number, pid: number | undefined): Promise<LoadResult> {
  const { result, self } = await withCpu(pid, () => load(url, spec, seconds))
  return { ...result, cpuUs: pid ? (1e6 * self) / result.requests : Number.NaN }
}

/**
 * Warm-up both, then measure in alternating rounds (app, bare, app, bare...) so that load from anything else on the
 * machine falls on both alike. req/s = all requests / all seconds; p50 = mean of the rounds; p99 = worst round.
 */
export async function compare(
  appUrl: string,
  bareUrl: string,
  spec: LoadSpec,
  pids: { app?: number; bare?: number } = {},
  rounds = 2,
): Promise<{ app: LoadResult; bare: LoadResult; ratio: number }> {
  await load(appUrl, spec, 2)
  await load(bareUrl, spec, 2)
  const seconds = spec.seconds / rounds
  const a: LoadResult[] = []
  const b: LoadResult[] = []
  for (let i = 0; i < rounds; i++) {
    a.push(await measured(appUrl, spec, seconds, pids.app))
    b.push(await measured(bareUrl, spec, seconds, pids.bare))
  }
  const app = combine(a, seconds)
  const bare = combine(b, seconds)
  return { app, bare, ratio: app.rps / bare.rps }
}

function combine(results: LoadResult[], secondsEach: number): LoadResult {
  const requests = results.reduce((s, r) => s + r.requests, 0)
  return {
    rps: requests / (secondsEach * results.length),
    p50: Math.round((results.reduce((s, r) => s + r.p50, 0) / results.length) * 10) / 10,
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((s, r) => s + r.errors, 0),
    requests,
    cpuUs: results.reduce((s, r) => s + r.cpuUs * r.requests, 0) / requests,
    bytesPerAnswer: results.reduce((s, r) => s + r.bytesPerAnswer * r.requests, 0) / requests,
  }
}
