import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { inject } from 'vitest'

// What the backup tests share (server/backups/*.test.ts): empty databases to restore into, table checksums, the
// repository's scripts run as processes, and a bounded wait.

const adminUrl = () => inject('pgAdminUrl')

/** A place for one test file's backups and uploads, removed by its `remove`. */
export function backupWorkspace(): { dir: string; remove: () => Promise<void> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'milsim-backups-'))
  const databases: string[] = []
  workspaces.set(dir, databases)
  return {
    dir,
    remove: async () => {
      const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} })
      for (const name of databases) await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
const workspaces = new Map<string, string[]>()

/** An empty database on the test server (a fresh unit's DATABASE_URL), dropped with the workspace. */
export async function emptyDatabase(workspace: string): Promise<string> {
  const name = `restore_${crypto.randomBytes(5).toString('hex')}`
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  workspaces.get(workspace)!.push(name)
  return adminUrl().replace(/\/postgres$/, `/${name}`)
}

export { tableChecksums, tableColumns, withSql } from './table-checksums.ts'

/** Runs a repository script (npm run backup / restore) as its own process. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return Object.assign(child, { output: () => output })
}

export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
