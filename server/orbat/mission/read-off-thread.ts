import type { MissionProposal } from '#contracts/mission-file.ts'
import { ServiceError } from '../../errors.ts'
import { exportMission, type OrbatView } from './export.ts'
import { proposalView, readMissionFile, type Proposal } from './mission.ts'

// What the mission worker thread does with a file (server/orbat/mission/pool.ts): the parse and everything that needs
// its tree, so a 10 MB mission costs that thread, never the event loop. Only plain data crosses back.

export type MissionTask = { task: 'read'; bytes: Uint8Array } | { task: 'export'; bytes: Uint8Array; orbat: OrbatView }

export type MissionTaskResult =
  | { ok: true; squads: MissionProposal; skipped: Proposal['skipped']; binarized: boolean }
  | { ok: true; bytes: Uint8Array; mapped: number; unmapped: number; binarized: boolean }
  /** A refusal of the file (400 and its message), carried as data: an error's class does not cross threads. */
  | { ok: false; status: number; message: string }

export function runMissionTask(input: MissionTask): MissionTaskResult {
  try {
    const { file, proposal } = readMissionFile(input.bytes)
    const { binarized } = file
    if (input.task === 'read') return { ok: true, squads: proposalView(proposal), skipped: proposal.skipped, binarized }
    const { bytes, mapped, unmapped } = exportMission(file, proposal, input.orbat)
    const text = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    return { ok: true, bytes: text, mapped, unmapped, binarized }
  } catch (error) {
    if (error instanceof ServiceError) return { ok: false, status: error.status, message: error.message }
    throw error
  }
}
