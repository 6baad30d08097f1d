// npm run bench: each endpoint under load, the app side by side with a bare node:http server sending the same
// bytes, in one run. Prints throughput ratio (app / bare), p50/p99 latency and error counts.
// Later issues add their scenarios (ORBAT poll, sign-up herd, viewers) to SCENARIOS.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'

interface Scenario {
  name: string
  path: string
  connections: number
  seconds: number
}

const SCENARIOS: Scenario[] = [
  { name: 'health check', path: '/healthz', connections: 50, seconds: 8 },
  { name: 'session call (anonymous)', path: '/auth/user', connections: 50, seconds: 8 },
  { name: 'home hub (SSR)', path: '/', connections: 50, seconds: 8 },
]

function startProcess(command: string, args: string[]): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let buffer = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const match = /READY (\S+)/.exec(buffer)
      if (match) resolve({ child, url: match[1]! })
    })
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)))
  })
}

async function load(url: string, scenario: Scenario) {
  const result = await autocannon({ url: url + scenario.path, connections: scenario.connections, duration: scenario.seconds })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result['5xx'],
  }
}

async function main() {
  if (!fs.existsSync('build/server/index.js')) throw new Error('Run "npm run build" first.')
  const tsx = path.resolve('node_modules/.bin/tsx')
  const app = await startProcess(tsx, ['bench/app-server.ts'])
  const recordedFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')), 'recorded.json')
  let bare: { child: ChildProcess; url: string } | undefined
  try {
    // Record exactly what the app answers, so the baseline sends the same bytes and headers.
    const recorded: Record<string, { status: number; headers: Record<string, string>; body: string }> = {}
    for (const scenario of SCENARIOS) {
      const response = await fetch(app.url + scenario.path)
      const headers: Record<string, string> = {}
      response.headers.forEach((value, key) => {
        if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date'].includes(key)) headers[key] = value
      })
      recorded[scenario.path] = { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString('base64') }
    }
    fs.writeFileSync(recordedFile, JSON.stringify(recorded))
    bare = await startProcess(tsx, ['bench/bare-server.ts', recordedFile])

    const rows: string[][] = []
    for (const scenario of SCENARIOS) {
      // Warm up both, then measure one after the other on the same machine in the same run.
      await load(app.url, { ...scenario, seconds: 2 })
      await load(bare.url, { ...scenario, seconds: 2 })
      const a = await load(app.url, scenario)
      const b = await load(bare.url, scenario)
      rows.push([
        scenario.name,
        `${scenario.connections}`,
        a.rps.toFixed(0),
        b.rps.toFixed(0),
        (a.rps / b.rps).toFixed(2),
        `${a.p50} / ${a.p99}`,
        `${b.p50} / ${b.p99}`,
        `${a.errors}`,
      ])
    }
    printTable(['scenario', 'conns', 'app req/s', 'bare req/s', 'ratio', 'app p50/p99 ms', 'bare p50/p99 ms', 'app errors (5xx, timeouts)'], rows)
  } finally {
    bare?.child.kill('SIGTERM')
    app.child.kill('SIGTERM')
  }
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')
  console.log('\n' + line(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const row of rows) console.log(line(row))
  console.log(`\n${os.cpus().length} cores, Node ${process.version}. Ratio = app req/s / bare node:http req/s (same bytes).`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
