import { useCallback, useRef, useState } from 'react'
import { useToast } from '#app/ui/toaster.tsx'
import type { OrbatPayload } from '#contracts/orbat.ts'
import { editorReducer, initEditorState, type EditorAction, type EditorState } from './reducer.ts'

/**
 * The id of the editor's one toast about its unsaved work: each local change replaces its text (the latest change and
 * how many are unsaved), and Save, Discard and a loaded preset answer in it, so edits never stack toasts over the card
 * being edited. A refusal is an error toast of its own.
 */
export const EDITOR_TOAST_ID = 'orbat-editor-changes'

/** "Unsaved changes: 3." after a local change's own text. */
export function unsavedChangesText(changes: number): string {
  return `Unsaved changes: ${changes}.`
}

/** Applies an editor action; false when the editor refused it (and said why in a toast). */
export type EditorDispatch = (action: EditorAction) => boolean

/**
 * The editor's state under reducer.ts. Each action's notice becomes a toast: a change updates the editor's one toast,
 * a refusal shows an error.
 *
 * NOTE: not useReducer: a refused change must answer at once (the field that asked reverts its text), and actions
 * sent in one event (React Flow's changes, then its onDelete) must each see the state the one before left.
 */
export function useEditorStore(initial: OrbatPayload) {
  const toast = useToast()
  const [state, setState] = useState(() => initEditorState(initial))
  const latest = useRef<EditorState>(state)

  const dispatch = useCallback<EditorDispatch>(
    (action) => {
      const before = latest.current
      const next = editorReducer(before, action)
      if (next === before) return true
      latest.current = next
      setState(next)
      if (next.notice?.tone === 'info')
        toast.info(`${next.notice.text} ${unsavedChangesText(next.changes)}`, { id: EDITOR_TOAST_ID })
      else if (next.notice) toast.error(next.notice.text)
      return next.notice?.tone !== 'error'
    },
    [toast],
  )
  /** The state as the last action left it (for a handler that runs before the next render). */
  const getState = useCallback(() => latest.current, [])

  return { state, dispatch, getState }
}
