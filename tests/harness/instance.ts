// Another instance of the app in its own process, on the test app's database (instances share only PostgreSQL). Its
// memory (session cache, ORBAT snapshot, rate limiter) is its own, as on a second host behind a load balancer.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { freePort } from '#server/database.ts'
import type { TestApp } from './app.ts'

export interface OtherInstance {
  url: string
  stop: () => Promise<void>
}

/** Starts tests/harness/instance-main.ts with the test app's environment on a port of its own. */
export async function startOtherInstance(t: TestApp): Promise<OtherInstance> {
  const port = await freePort()
  const url = `http://localhost:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'instance-main.ts')], {
    env: { ...process.env, ...t.env, PORT: String(port), APP_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error('the other instance did not start within 60 s')), 60_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('READY')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`the other instance exited with ${code}`)))
  })
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await exited
    },
  }
}
