import { createContext, useContext } from 'react'
import type { AssignableMember } from '#contracts/orbat.ts'
import type { AllyOption, EditorSlot } from './model.ts'
import type { EditorDispatch } from './use-editor-store.ts'

// What the editor's node components (rendered by React Flow, outside the editor's props) read, and the one way they
// change the diagram: `dispatch` (reducer.ts actions).

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

export interface EditorContextValue {
  slots: EditorSlot[]
  /** Ids of the squads that exist (slots of deleted squads are ignored). */
  squadIds: ReadonlySet<number>
  /** Squads shown in their edit view. */
  editing: ReadonlySet<number>
  roles: EligibleRoleOption[]
  platoons: PlatoonOption[]
  /** The allied units a squad, team or slot can be reserved for (none: the editor shows no reservation fields). */
  allies: AllyOption[]
  /** The roster for the Assigned fields (linked members carry their user id). */
  members: AssignableMember[]
  /** A new slot's lock defaults to the first eligible role. */
  defaultLock: string | null
  dispatch: EditorDispatch
  /** Opens or closes a squad's edit view; opening it brings the card into view. */
  toggleEditing: (squadId: number) => void
}

const EditorContext = createContext<EditorContextValue | null>(null)
export const EditorProvider = EditorContext.Provider

export function useEditor(): EditorContextValue {
  const editor = useContext(EditorContext)
  if (!editor) throw new Error('useEditor must be used inside <EditorProvider>')
  return editor
}
