import { Piscina } from 'piscina'
import { ServiceError, Unavailable } from '../errors.ts'
import { singleton } from '../singleton.ts'

// CPU-heavy work (sanitising rich text, reading a mission file) runs in a worker thread of its own, so a large input
// costs that thread and not every other request: the sign-ups and /healthz never wait for it. One thread per kind of
// work, started on first use and ended after a minute unused, a short queue (past it the work is refused with 503
// rather than queued without end), and a time budget per input (past it the thread is replaced and the answer is 503).

export interface WorkerThreadOptions<In> {
  /** The process-wide name of the thread (one per process: server/singleton.ts). */
  key: string
  /**
   * The worker module's path. NOTE: route modules run a bundled copy of their server code from build/server/, where
   * the worker file is not: the process loads the source module first (server/start.ts imports it), and the thread
   * made then, with the path taken from the source file's own place, is the one every copy uses.
   */
  worker: string
  /** Inputs waiting for the thread at once. */
  maxQueue: number
  /** An input that takes longer than this is given up. */
  timeoutMs: number
  /** What a cold thread is first given, so that loading the worker's code is not counted against an input's budget. */
  warmUpInput: In
  /** The 503 when the queue is full. */
  busy: string
  /** The 503 when an input ran past its budget. */
  tooSlow: string
}

export interface WorkerThread<In, Out> {
  /** The worker's answer to `input`; 503 (Unavailable) when the queue is full or the input ran past its budget. */
  run(input: In): Promise<Out>
  /** Starts the thread if none is up, without waiting for it. Never throws. */
  warm(): void
  /** Ends the thread (shutdown, tests); the next run starts another. */
  close(): Promise<void>
}

export function workerThread<In, Out>(options: WorkerThreadOptions<In>): WorkerThread<In, Out> {
  const state = singleton(options.key, () => ({ current: null as Piscina | null, worker: options.worker }), {
    keep: true,
  })
  const pool = (): Piscina =>
    (state.current ??= new Piscina({
      filename: state.worker,
      minThreads: 0,
      maxThreads: 1,
      // A worker's libraries (jsdom, the parser) cost tens of MB: the thread goes away after a minute unused.
      idleTimeout: 60_000,
      maxQueue: options.maxQueue,
    }))

  return {
    async run(input) {
      const thread = pool()
      try {
        // A cold thread first loads its code, which on a busy machine alone can take seconds: that start is not the
        // input's doing, so the clock below only runs once a thread is up.
        if (thread.threads.length === 0) await thread.run(options.warmUpInput).catch(() => {})
        const signal = AbortSignal.timeout(options.timeoutMs)
        try {
          return (await thread.run(input, { signal })) as Out
        } catch (error) {
          // Input within the limits that still takes this long means a machine too busy for it now, or an input
          // too costly to read: either way not one to wait for.
          if (signal.aborted) throw new Unavailable(options.tooSlow)
          throw error
        }
      } catch (error) {
        if (error instanceof Error && !(error instanceof ServiceError) && /queue/i.test(error.message))
          throw new Unavailable(options.busy)
        throw error
      }
    },
    warm() {
      const thread = pool()
      if (thread.threads.length === 0) thread.run(options.warmUpInput).catch(() => {})
    },
    async close() {
      const current = state.current
      state.current = null
      await current?.destroy()
    },
  }
}
