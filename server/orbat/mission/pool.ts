import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import { Invalid, ServiceError, Unavailable } from '../../errors.ts'
import { singleton } from '../../singleton.ts'
import type { OrbatView } from './export.ts'
import type { MissionTaskResult } from './read-off-thread.ts'

// Mission files are read in a worker thread (docs/decisions/051-mission-files-off-the-event-loop.md): parsing a 10 MB
// mission takes seconds of CPU, which on the event loop would hold every other request (the sign-ups, /healthz) that
// long. One thread, a short queue, and a time budget per file.

/** A file that takes longer than this to read is given up (503): the thread is replaced. */
const MISSION_TIMEOUT_MS = 30_000
/** Files waiting for the thread at once; past that the upload is refused (503) rather than queued without end. */
const MAX_QUEUE = 4
export const MISSION_BUSY = 'The server is busy reading other mission files. Please try again in a moment.'
export const MISSION_TOO_SLOW = 'The mission file took too long to read. Please try again, or upload a smaller mission.'

// NOTE: route modules run a bundled copy of this file from build/server/, where the worker file is not. The process
// loads this source file first (server/start.ts imports it), so the one pool of the process is made here, with the
// worker's path taken from the source file's own place (as server/rich-text.ts does).
const pool = singleton(
  'mission:pool',
  () => ({
    current: null as Piscina | null,
    worker: fileURLToPath(new URL('./worker.mjs', import.meta.url)),
  }),
  { keep: true },
)

function missionPool(): Piscina {
  pool.current ??= new Piscina({
    filename: pool.worker,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    maxQueue: MAX_QUEUE,
  })
  return pool.current
}

async function run(
  input: { task: 'read'; bytes: Uint8Array } | { task: 'export'; bytes: Uint8Array; orbat: OrbatView },
) {
  const worker = missionPool()
  let result: MissionTaskResult
  try {
    // A cold thread first loads the parser; that start is not the file's doing, so the clock only runs once it is up.
    if (worker.threads.length === 0) await worker.run({ task: 'read', bytes: new Uint8Array() }).catch(() => {})
    const signal = AbortSignal.timeout(MISSION_TIMEOUT_MS)
    try {
      result = (await worker.run(input, { signal })) as MissionTaskResult
    } catch (error) {
      if (signal.aborted) throw new Unavailable(MISSION_TOO_SLOW)
      throw error
    }
  } catch (error) {
    if (error instanceof Error && !(error instanceof ServiceError) && /queue/i.test(error.message))
      throw new Unavailable(MISSION_BUSY)
    throw error
  }
  if (!result.ok)
    throw result.status === 400 ? new Invalid(result.message) : new ServiceError(result.message, result.status)
  return result
}

/** The proposal of a mission file, and whether it was binarized (400 for anything not a mission with playable units). */
export async function readMissionOffThread(bytes: Uint8Array) {
  const result = await run({ task: 'read', bytes })
  if (!('squads' in result)) throw new Error('the mission worker answered a read with something else')
  return { squads: result.squads, skipped: result.skipped, binarized: result.binarized }
}

/** The mission file with the stored ORBAT written into it (a binarized file comes back as its text form). */
export async function exportMissionOffThread(bytes: Uint8Array, orbat: OrbatView) {
  const result = await run({ task: 'export', bytes, orbat })
  if (!('bytes' in result)) throw new Error('the mission worker answered an export with something else')
  return {
    bytes: Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength),
    mapped: result.mapped,
    unmapped: result.unmapped,
    binarized: result.binarized,
  }
}

/** Ends the worker thread (shutdown, tests). */
export async function closeMissionPool(): Promise<void> {
  const current = pool.current
  pool.current = null
  await current?.destroy()
}
