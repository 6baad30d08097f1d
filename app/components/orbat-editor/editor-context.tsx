import { createContext, useContext } from 'react'
import type { EditorSlot } from './model.ts'

// What the editor's node components (rendered by React Flow, outside the editor's props) read and call.

export interface EligibleRoleOption {
  id: number
  role_name: string
}
export interface PlatoonOption {
  id: number
  name: string
}

/** The id of the one <datalist> of roster names every Assigned field uses. */
export const MEMBERS_DATALIST_ID = 'orbat-editor-members'

export interface EditorApi {
  slots: EditorSlot[]
  /** Ids of the squads that exist (slots of deleted squads are ignored). */
  squadIds: ReadonlySet<number>
  roles: EligibleRoleOption[]
  platoons: PlatoonOption[]
  /** Squads shown in their edit view. */
  editing: ReadonlySet<number>
  toggleEditing: (squadId: number) => void
  /** Returns false (and says why) when the name is refused. */
  renameSquad: (squadId: number, name: string) => boolean
  setSquadWaitlist: (squadId: number, value: boolean) => void
  setSquadPlatoon: (squadId: number, platoonId: number | null) => void
  duplicateSquad: (squadId: number) => void
  deleteSquad: (squadId: number) => void
  addTeam: (squadId: number) => void
  renameTeam: (squadId: number, from: string, to: string) => boolean
  deleteTeam: (squadId: number, team: string) => void
  moveTeam: (squadId: number, team: string, direction: -1 | 1) => void
  addSlot: (squadId: number, team: string) => void
  addSpacer: (squadId: number, team: string, text: string) => boolean
  setSlotRole: (slotId: number, role: string) => boolean
  setSlotLock: (slotId: number, lock: string | null) => void
  setSlotAssigned: (slotId: number, name: string) => void
  clearSlot: (slotId: number) => void
  moveSlot: (slotId: number, direction: -1 | 1) => void
  deleteSlot: (slotId: number) => void
}

const EditorContext = createContext<EditorApi | null>(null)
export const EditorProvider = EditorContext.Provider

export function useEditor(): EditorApi {
  const api = useContext(EditorContext)
  if (!api) throw new Error('useEditor must be used inside <EditorProvider>')
  return api
}
