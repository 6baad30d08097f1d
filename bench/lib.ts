// Shared helpers of the benchmark runner: child processes, statistics, tables.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'

export interface Child {
  child: ChildProcess
  /** The words after READY on the child's first READY line. */
  ready: string[]
  stop: () => Promise<void>
}

/** Spawns a tsx script that prints "READY <words...>" when it serves; rejects if it exits first or takes too long. */
export function startProcess(
  command: string,
  args: string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...options.env },
    })
    let buffer = ''
    let settled = false
    const timer = setTimeout(() => {
      if (settled) return
      settled = true
      child.kill('SIGKILL')
      reject(new Error(`${args.join(' ')} did not print READY within ${options.timeoutMs ?? 120_000} ms`))
    }, options.timeoutMs ?? 120_000)
    const exited = new Promise<void>((r) => child.once('exit', () => r()))
    child.stdout!.on('data', (chunk: Buffer) => {
      if (settled) return
      buffer += chunk.toString()
      const match = /READY ([^\n]+)\n/.exec(buffer)
      if (!match) return
      settled = true
      clearTimeout(timer)
      resolve({
        child,
        ready: match[1]!.trim().split(/\s+/),
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return
          child.kill('SIGTERM')
          // The app closes its database and live connections; give it a while, then insist.
          const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
          await exited
          clearTimeout(killer)
        },
      })
    })
    child.once('exit', (code) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      reject(new Error(`${args.join(' ')} exited with ${code}`))
    })
  })
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Exact percentile (nearest rank) of an unsorted list; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return '-'
  return value >= 100 ? value.toFixed(0) : value.toFixed(1)
}

export function verdict(ok: boolean): string {
  return ok ? 'met' : 'NOT MET'
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** A small deterministic PRNG (mulberry32), so runs are comparable. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function printTable(title: string, header: string[], rows: string[][], notes: string[] = []) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (c ?? '').padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  console.log(`\n== ${title} ==`)
  console.log(line(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const row of rows) console.log(line(row))
  for (const note of notes) console.log(note)
}

/** Progress lines go to stderr so stdout holds only the tables. */
export function progress(message: string) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 23)}] ${message}\n`)
}

/** CPU seconds (user + system) used so far by a process, and by all its descendants (e.g. PostgreSQL under the app). */
export function cpuSeconds(pid: number): { self: number; descendants: number } {
  const ticks = 100 // USER_HZ on Linux
  const stats = new Map<number, { ppid: number; cpu: number }>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command may contain spaces and parentheses: fields start after the last ')'.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
      stats.set(Number(entry), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / ticks })
    } catch {
      // the process ended meanwhile
    }
  }
  const children = new Map<number, number[]>()
  for (const [p, s] of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), p])
  let descendants = 0
  const stack = [...(children.get(pid) ?? [])]
  while (stack.length) {
    const p = stack.pop()!
    descendants += stats.get(p)?.cpu ?? 0
    stack.push(...(children.get(p) ?? []))
  }
  return { self: stats.get(pid)?.cpu ?? 0, descendants }
}

/** The CPU seconds several processes (each with its descendants) spend while `work` runs, in the order given. */
export async function withCpuOf<T>(
  pids: number[],
  work: () => Promise<T>,
): Promise<{ result: T; cpu: Array<{ self: number; descendants: number }> }> {
  const before = pids.map(cpuSeconds)
  const result = await work()
  const cpu = pids.map(cpuSeconds).map((after, i) => ({
    self: after.self - before[i]!.self,
    descendants: after.descendants - before[i]!.descendants,
  }))
  return { result, cpu }
}

/** Measures the CPU a process (and its descendants) spend while `work` runs. */
export async function withCpu<T>(
  pid: number | undefined,
  work: () => Promise<T>,
): Promise<{ result: T; self: number; descendants: number; wall: number }> {
  const before = pid ? cpuSeconds(pid) : { self: 0, descendants: 0 }
  const started = performance.now()
  const result = await work()
  const wall = (performance.now() - started) / 1000
  const after = pid ? cpuSeconds(pid) : { self: 0, descendants: 0 }
  return { result, self: after.self - before.self, descendants: after.descendants - before.descendants, wall }
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
}

function machineBusySeconds(): number {
  // First line of /proc/stat: cpu user nice system idle iowait irq softirq steal ...
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
  const total = fields.slice(0, 8).reduce((s, n) => s + n, 0)
  return (total - idle) / 100
}

/**
 * How much of the machine's CPU this bench (this process, the app, PostgreSQL, the baseline server) and everything
 * else used over a window: other work on the machine makes every figure worse, so each table says how much there was.
 */
export function machineMeter(): () => string {
  const cores = os.cpus().length
  const busy0 = machineBusySeconds()
  const own0 = cpuSeconds(process.pid)
  const t0 = performance.now()
  return () => {
    const seconds = (performance.now() - t0) / 1000
    const busy = machineBusySeconds() - busy0
    const own1 = cpuSeconds(process.pid)
    const ours = own1.self + own1.descendants - own0.self - own0.descendants
    const pct = (s: number) => `${Math.max(0, (100 * s) / (seconds * cores)).toFixed(0)}%`
    return `machine CPU ${pct(busy)} busy: this bench ${pct(ours)}, other processes ${pct(busy - ours)} (of ${cores} cores)`
  }
}
