import { useCallback, useRef, useState } from 'react'
import { useToast } from '#app/ui/toaster.tsx'
import type { OrbatPayload } from '#contracts/orbat.ts'
import { editorReducer, initEditorState, type EditorAction, type EditorState } from './reducer.ts'

/** Applies an editor action; false when the editor refused it (and said why in a toast). */
export type EditorDispatch = (action: EditorAction) => boolean

/**
 * The editor's state under reducer.ts. Each action's notice becomes a toast.
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
      if (next.notice) toast.show(next.notice.text, next.notice.tone)
      return next.notice?.tone !== 'error'
    },
    [toast],
  )
  /** The state as the last action left it (for a handler that runs before the next render). */
  const getState = useCallback(() => latest.current, [])

  return { state, dispatch, getState }
}
