import { sql } from 'drizzle-orm'
import type postgres from 'postgres'
import { EVALUATION_MESSAGES, type LiveSession } from '#contracts/evaluations.ts'
import type { DbOrTx } from '#db/client.ts'
import type { AppServices } from '../context.ts'
import { NotFound } from '../errors.ts'
import { describeError } from '../error-text.ts'
import { logger } from '../logger.ts'
import { singleton } from '../singleton.ts'
import { getLiveSession } from './evaluation-queries.ts'

// Live evaluation sessions change under several eyes at once (the evaluator, a second admin who joined, the admin
// tests page's banner). Each change NOTIFYs inside its transaction with the session id, so every app instance hears
// every commit (the ORBAT's pattern, server/orbat/live.ts); open live views subscribe per session.

const EVALUATION_CHANNEL = 'evaluation_changed'

/** Call inside the transaction that changes a live session: delivered on commit. */
export async function announceSessionChange(tx: DbOrTx, sessionId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVALUATION_CHANNEL}, ${sessionId})`)
}

type Listener = () => void

interface LiveEvaluationState {
  subscribers: Map<string, Set<Listener>>
  /** One LISTEN per database client (an app instance has one; a test process may start several apps). */
  listening: WeakMap<object, Promise<unknown>>
}

const state = singleton<LiveEvaluationState>('evaluations:live', () => ({
  subscribers: new Map(),
  listening: new WeakMap(),
}))

function deliver(sessionId: string | undefined) {
  const targets =
    sessionId === undefined
      ? [...state.subscribers.values()]
      : [state.subscribers.get(sessionId)].filter((s) => s !== undefined)
  for (const set of targets) for (const listener of set) listener()
}

/** Starts this instance's LISTEN on first use; after a reconnect every view reloads in case a NOTIFY was missed. */
function ensureListening(services: AppServices): Promise<unknown> {
  // drizzle() keeps the postgres.js client it wraps as $client (the Db type leaves it out); LISTEN needs the client.
  const client = (services.db as typeof services.db & { $client: postgres.Sql }).$client
  const running = state.listening.get(client)
  if (running) return running
  const started = client.listen(
    EVALUATION_CHANNEL,
    (payload: string) => deliver(payload),
    () => deliver(undefined),
  )
  started.catch((error: unknown) => {
    logger.error({ msg: 'live evaluation listener failed', error: describeError(error) })
    state.listening.delete(client)
  })
  state.listening.set(client, started)
  return started
}

/** Calls `onChange` after every committed change of the session, on any instance. Returns the unsubscribe function. */
async function subscribeToSession(services: AppServices, sessionId: string, onChange: Listener): Promise<() => void> {
  await ensureListening(services)
  let set = state.subscribers.get(sessionId)
  if (!set) state.subscribers.set(sessionId, (set = new Set()))
  set.add(onChange)
  return () => {
    set.delete(onChange)
    if (!set.size && state.subscribers.get(sessionId) === set) state.subscribers.delete(sessionId)
  }
}

/** Live connections send a comment this often so proxies keep them open. */
const HEARTBEAT_MS = 25_000

/**
 * GET /api/admin/evaluations/session/{id}/live: Server-Sent Events. `session` carries the LiveSession now and after
 * every committed change (reloads are serialised, so events arrive in order); `ended` says the session was
 * submitted or cancelled, and the stream closes. A session that is not active answers 404 before any stream starts.
 */
/** What a stream says when its viewer may no longer see it. */
export const ACCESS_ENDED = 'Your access to this evaluation has ended.'

/** How often an open stream checks that its viewer may still see it. */
export const ACCESS_CHECK_MS = 2000

/**
 * The live session as Server-Sent Events. `stillAllowed` is asked every ACCESS_CHECK_MS: when the viewer has logged
 * out, lost admin rights, been banned or had their token revoked, the stream says "ended" and closes.
 */
export async function liveSessionStream(
  services: AppServices,
  sessionId: string | undefined,
  signal: AbortSignal,
  stillAllowed: () => Promise<boolean> = async () => true,
): Promise<Response> {
  // Subscribe before the first read, so a change between the two is not missed.
  let dirty = false
  let wake: (() => void) | null = null
  const unsubscribe = await subscribeToSession(services, String(sessionId), () => {
    dirty = true
    wake?.()
  })
  let initial: LiveSession
  try {
    initial = await getLiveSession(services.db, sessionId)
  } catch (error) {
    unsubscribe()
    throw error
  }
  const encoder = new TextEncoder()
  let closed = false
  let revoked = false
  let heartbeat: NodeJS.Timeout | undefined
  const accessCheck = setInterval(() => {
    void stillAllowed().then((allowed) => {
      if (allowed || closed) return
      revoked = true
      wake?.()
    })
  }, ACCESS_CHECK_MS)
  const stop = () => {
    closed = true
    unsubscribe()
    clearInterval(heartbeat)
    clearInterval(accessCheck)
    wake?.()
  }
  signal.addEventListener('abort', stop, { once: true })
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text))
      }
      const send = (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
      write('retry: 2000\n\n')
      send('session', initial)
      heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS)
      while (!closed) {
        if (!dirty && !revoked) await new Promise<void>((resolve) => (wake = resolve))
        wake = null
        if (closed) break
        if (revoked) {
          send('ended', { sessionId, message: ACCESS_ENDED })
          break
        }
        dirty = false
        try {
          send('session', await getLiveSession(services.db, sessionId))
        } catch (error) {
          if (!(error instanceof NotFound))
            logger.error({ msg: 'live evaluation reload failed', error: describeError(error) })
          send('ended', { sessionId, message: EVALUATION_MESSAGES.sessionNotFound })
          break
        }
      }
      stop()
      try {
        controller.close()
      } catch {
        // already cancelled by the client
      }
    },
    cancel: stop,
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    },
  })
}
