import { fork, type ChildProcess } from 'node:child_process'
import type { WebhookSenderOptions } from '#server/webhooks/sender.ts'

// Starts a webhook sender in its own process (tests/harness/webhook-sender-process.ts) with `env` over this process's
// environment; resolves once it listens. End it with killHard or stopRunnerProcess (tests/harness/runner-process.ts).
export async function startWebhookSenderProcess(
  env: NodeJS.ProcessEnv,
  options: Partial<WebhookSenderOptions> = {},
): Promise<ChildProcess> {
  const child = fork('tests/harness/webhook-sender-process.ts', [JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve())
    child.once('exit', (code) => reject(new Error(`the webhook sender process exited (${code}) before it was ready`)))
  })
  return child
}
