import { fileURLToPath } from 'node:url'
import { Invalid, ServiceError } from '../../errors.ts'
import { workerThread } from '../../lib/worker-thread.ts'
import type { OrbatView } from './export.ts'
import type { MissionTaskResult } from './read-off-thread.ts'

// Mission files are read in a worker thread (docs/decisions/051-mission-files-off-the-event-loop.md): parsing a 10 MB
// mission takes seconds of CPU, which on the event loop would hold every other request (the sign-ups, /healthz) that
// long. One thread, a short queue, and a time budget per file (server/lib/worker-thread.ts).

/** A file that takes longer than this to read is given up (503): the thread is replaced. */
const MISSION_TIMEOUT_MS = 30_000
/** Files waiting for the thread at once; past that the upload is refused (503) rather than queued without end. */
const MAX_QUEUE = 4
export const MISSION_BUSY = 'The server is busy reading other mission files. Please try again in a moment.'
export const MISSION_TOO_SLOW = 'The mission file took too long to read. Please try again, or upload a smaller mission.'

type MissionTask = { task: 'read'; bytes: Uint8Array } | { task: 'export'; bytes: Uint8Array; orbat: OrbatView }

const thread = workerThread<MissionTask, MissionTaskResult>({
  key: 'mission:pool',
  worker: fileURLToPath(new URL('./worker.mjs', import.meta.url)),
  maxQueue: MAX_QUEUE,
  timeoutMs: MISSION_TIMEOUT_MS,
  warmUpInput: { task: 'read', bytes: new Uint8Array() },
  busy: MISSION_BUSY,
  tooSlow: MISSION_TOO_SLOW,
})

async function run(input: MissionTask) {
  const result = await thread.run(input)
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
export function closeMissionPool(): Promise<void> {
  return thread.close()
}
