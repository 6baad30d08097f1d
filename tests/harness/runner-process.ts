import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'

// A job runner alone in its own process (tests/harness/job-runner-process.ts), as on another host, so a test can end
// it with SIGKILL in the middle of a job: a real crash, where no shutdown hook runs and no lock or claim is released.

/** Starts one with `env` over this process's environment; resolves once its runner has started. */
export async function startRunnerProcess(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = fork('tests/harness/job-runner-process.ts', [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve())
    child.once('exit', (code) => reject(new Error(`the job runner process exited (${code}) before it was ready`)))
  })
  return child
}

/** Kills it with SIGKILL; resolves with the time (epoch ms) it was gone. */
export async function killHard(child: ChildProcess): Promise<number> {
  const exited = once(child, 'exit')
  child.kill('SIGKILL')
  await exited
  return Date.now()
}

/** Stops it as a deploy would (SIGTERM), unless it is gone already. */
export async function stopRunnerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  // It lets go of its jobs and exits; one that cannot within 15 s is ended as a crash would end it.
  const late = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(late)
}
