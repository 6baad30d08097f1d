import fs from 'node:fs'
import path from 'node:path'

// Shared between the e2e server process, playwright.config.ts and the tests. No app imports here: the Playwright
// config loads this file too.

export const E2E_CLIENT_ID = 'e2e-client-id'
export const E2E_CLIENT_SECRET = 'e2e-client-secret'
export const E2E_BOT_TOKEN = 'e2e-bot-token'
/** The push service origin the e2e server accepts subscriptions at (its .invalid name never resolves, so nothing is sent). */
export const E2E_PUSH_ORIGIN = 'https://push.e2e.invalid'
/** The webhook receivers' origin the e2e server accepts endpoints at (never resolves: a delivery fails and is retried). */
export const E2E_WEBHOOK_ORIGIN = 'https://hooks.e2e.invalid'

export const DEFAULT_E2E_PORT = 3100

export function e2ePort(): number {
  return Number(process.env.E2E_PORT ?? DEFAULT_E2E_PORT)
}

/** What the e2e server tells the tests once it is up. */
export interface E2EServerInfo {
  appUrl: string
  /** The standalone Discord stand-in, e.g. http://127.0.0.1:41234 (its pages and /api live under it). */
  standInUrl: string
  pid: number
  /**
   * The e2e server's own (embedded, throw-away) database, for the few tests that must set up state no UI sets yet
   * (e.g. the signup_time lock in tests/e2e/orbat.spec.ts).
   */
  databaseUrl: string
}

/**
 * Written by tests/e2e/server.ts once the app listens. It lives in test-results/ (git-ignored) but outside
 * Playwright's outputDir (test-results/playwright), which Playwright empties at the start of a run.
 */
export function serverInfoFile(port: number): string {
  return path.resolve('test-results', `e2e-server-${port}.json`)
}

export function readServerInfo(baseURL: string): E2EServerInfo {
  const port = Number(new URL(baseURL).port || 80)
  const file = serverInfoFile(port)
  if (!fs.existsSync(file)) throw new Error(`No ${file}: is tests/e2e/server.ts running on port ${port}?`)
  return JSON.parse(fs.readFileSync(file, 'utf8')) as E2EServerInfo
}
