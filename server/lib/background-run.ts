import { setTimeout as sleep } from 'node:timers/promises'
import type { AppServices } from '../context.ts'
import { describeError } from '../error-text.ts'
import { logger } from '../logger.ts'
import { singleton } from '../singleton.ts'

// One background job of this process that works off a durable queue or outbox (the role syncs, Discord's scheduled
// events, notifications, webhooks): never on a request's path, one pass at a time. A call while a pass runs starts no
// second pass beside it: the running one goes round once more when it ends, so what was queued meanwhile is seen. A
// failed pass is logged, never thrown; the next wake (a commit, a timer, the job runner's tick) tries again.

export interface BackgroundRun {
  /** Runs a pass now, or once more after the one under way; resolves when none is left. Never throws. */
  run: (services: AppServices) => Promise<void>
  /** Runs a pass `batchMs` from now (after a commit that queued work: what else is queued meanwhile goes with it). */
  wake: (services: AppServices) => void
  /** The pass under way, if any. */
  running: () => Promise<void> | null
  /** Resolves once no pass is waiting or running in this process (tests, shutdown). */
  settled: () => Promise<void>
}

export function backgroundRun(
  name: string,
  pass: (services: AppServices) => Promise<void>,
  { failure, batchMs = 0 }: { failure: string; batchMs?: number },
): BackgroundRun {
  const state = singleton(`background-run:${name}`, () => ({
    running: null as Promise<void> | null,
    again: false,
    timer: null as NodeJS.Timeout | null,
  }))
  const run = (services: AppServices): Promise<void> => {
    if (state.running) {
      state.again = true
      return state.running
    }
    const started = (async () => {
      do {
        state.again = false
        await pass(services)
      } while (state.again)
    })()
      .catch((error: unknown) => logger.warn({ msg: failure, error: describeError(error) }))
      .finally(() => {
        state.running = null
      })
    state.running = started
    return started
  }
  return {
    run,
    wake: (services) => {
      if (state.timer) return
      state.timer = setTimeout(() => {
        state.timer = null
        void run(services)
      }, batchMs)
      state.timer.unref()
    },
    running: () => state.running,
    settled: async () => {
      for (;;) {
        if (state.timer) await sleep(batchMs)
        else if (state.running) await state.running
        else return
      }
    },
  }
}
