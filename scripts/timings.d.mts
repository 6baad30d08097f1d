// Types of scripts/timings.mjs for the TypeScript reporters that write the files it reads.
export interface TimingEntry {
  file: string
  title: string
  project: string
  /** Milliseconds, each try summed (a retried test counts twice). */
  ms: number
  tries: number
  status: string
  /** Of `ms`, the time spent waiting for the ORBAT lock (browser tests that change the ORBAT). */
  lockWaitMs?: number
}
export interface TimingsFile {
  kind: 'e2e' | 'vitest'
  wallMs: number
  tests: TimingEntry[]
}
export function timingsPath(kind: 'e2e' | 'vitest'): string
export function writeTimings(timings: TimingsFile): void
export function readTimings(kind: 'e2e' | 'vitest'): TimingsFile | undefined
export function slowestFiles(tests: TimingEntry[]): { file: string; ms: number; count: number }[]
export function summariseTimings(timings: TimingsFile, top?: number): string
