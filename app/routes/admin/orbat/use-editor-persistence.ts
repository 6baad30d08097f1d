import { useCallback, useEffect, useRef, useState } from 'react'
import { useBlocker } from 'react-router'
import { useToast } from '#app/ui/toaster.tsx'
import type { OrbatPayload } from '#contracts/orbat.ts'
import {
  HISTORY_MESSAGES,
  reseatText,
  type Reseat,
  type VersionItem,
  type VersionWithReseat,
} from '#contracts/orbat-history.ts'
import { toSavePayload } from './model.ts'
import type { EditorState } from './reducer.ts'
import { EDITOR_TOAST_ID, unsavedChangesText, type EditorDispatch } from './use-editor-store.ts'
import { askToConfirm } from '#app/ui/confirm.tsx'

// The editor's round trips to the server (docs/decisions/012-orbat-save-keeps-concurrent-sign-ups.md): Save ORBAT sends
// the whole diagram with the base it was edited from; Discard Changes and a save's answer reload it from the server; a
// preset loads into the unsaved state. Leaving the page inside the app with unsaved changes asks first (a reload or
// closing the tab does not).

const SAVE_URL = '/api/admin/orbat/save'
const ORBAT_URL = '/api/orbat'
const DISCARD_CONFIRM = 'Discard your unsaved ORBAT changes and reload the ORBAT from the server?'
const presetLoadUrl = (id: number) => `/api/admin/orbat/presets/${id}/load`
const VERSIONS_URL = '/api/admin/orbat/versions?limit=2'
const versionUrl = (id: number) => `/api/admin/orbat/versions/${id}`
const restoreUrl = (id: number) => `${versionUrl(id)}/restore`

/** A preset as POST /api/admin/orbat/presets/{id}/load answers it (the GET /api/orbat shape, negative ids). */
type LoadedPreset = OrbatPayload & { id?: number; name?: string }
/** Loads a saved preset into the editor by id. */
export type LoadPreset = (presetId: number) => Promise<void>

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  if (!response.headers.get('content-type')?.includes('application/json')) return null
  return (await response.json().catch(() => null)) as Record<string, unknown> | null
}

/** Fetches JSON; a failed answer throws its `error` text (or says what failed). */
async function requestJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    cache: 'no-store',
    ...init,
    headers: { Accept: 'application/json', ...init.headers },
  })
  const body = await readJson(response)
  if (!response.ok) {
    const error = typeof body?.error === 'string' && body.error ? body.error : `${url} answered ${response.status}`
    throw new Error(error)
  }
  if (!body) throw new Error(`${url} did not answer JSON (${response.status})`)
  return body as T
}

interface PersistenceOptions {
  dirty: boolean
  getState: () => EditorState
  dispatch: EditorDispatch
  /** A preset to load once on mount (`/admin/orbat?preset=ID`); `onPresetConsumed` then drops it from the URL. */
  presetId: number | null
  onPresetConsumed: () => void
  /** Called after a save, to refresh the page's other data (roles, platoons). */
  onSaved: () => void
}

export function useEditorPersistence({
  dirty,
  getState,
  dispatch,
  presetId,
  onPresetConsumed,
  onSaved,
}: PersistenceOptions) {
  const toast = useToast()
  const [saving, setSaving] = useState(false)
  // A loaded preset's save is recorded as a preset load in the ORBAT's history (docs/rules/orbat-history.md).
  const presetLoaded = useRef(false)

  const save = async () => {
    setSaving(true)
    try {
      const state = getState()
      const via = presetLoaded.current ? 'preset' : 'editor'
      const body = await requestJson<{ message?: string; orbat?: OrbatPayload; moved?: string[] }>(SAVE_URL, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...toSavePayload(state, state.baseSlots), via }),
      }).catch((error: Error) => {
        throw new Error(error.message.startsWith(SAVE_URL) ? 'Failed to save ORBAT' : error.message)
      })
      // The save keeps cards from overlapping (docs/rules/orbat.md): it says which ones it moved.
      const moved = body.moved?.length ? ` Moved so that no cards overlap: ${body.moved.join(', ')}.` : ''
      toast.success(`${body.message ?? 'ORBAT Saved Successfully!'}${moved}`, { id: EDITOR_TOAST_ID })
      presetLoaded.current = false
      dispatch({ type: 'resetToServer', payload: body.orbat ?? (await requestJson<OrbatPayload>(ORBAT_URL)) })
      onSaved()
    } catch (error) {
      toast.error(`Error saving ORBAT: ${(error as Error).message || 'Failed to save ORBAT'}`)
    } finally {
      setSaving(false)
    }
  }

  const discard = async () => {
    if (getState().dirty && !(await askToConfirm(DISCARD_CONFIRM))) return
    try {
      dispatch({ type: 'resetToServer', payload: await requestJson<OrbatPayload>(ORBAT_URL) })
      presetLoaded.current = false
      toast.info('Changes discarded: the ORBAT was reloaded from the server.', { id: EDITOR_TOAST_ID })
    } catch (error) {
      toast.error(`Could not load latest ORBAT data: ${(error as Error).message}`)
    }
  }

  // Undo Last Save: the version before the newest becomes the ORBAT again, through the ordinary save. The confirm
  // names who it puts back in the slots it brings back (docs/rules/orbat-history.md, Restore and Undo).
  const undo = async () => {
    const unsaved = getState().dirty ? ' Your unsaved changes are dropped.' : ''
    setSaving(true)
    try {
      const [, before] = await requestJson<VersionItem[]>(VERSIONS_URL)
      if (!before) throw new Error(HISTORY_MESSAGES.nothingToUndo)
      const { reseat } = await requestJson<VersionWithReseat>(versionUrl(before.id))
      const question = [HISTORY_MESSAGES.undoConfirm, reseatText(reseat)].filter(Boolean).join(' ')
      if (!(await askToConfirm(`${question}${unsaved}`))) return
      const body = await requestJson<{ message?: string; orbat?: OrbatPayload; reseat?: Reseat }>(
        restoreUrl(before.id),
        { method: 'POST' },
      )
      const putBack = body.reseat ? HISTORY_MESSAGES.putBack(body.reseat) : ''
      toast.success(`Last save undone. ${body.message ?? ''} ${putBack}`.trim(), { id: EDITOR_TOAST_ID })
      presetLoaded.current = false
      dispatch({ type: 'resetToServer', payload: body.orbat ?? (await requestJson<OrbatPayload>(ORBAT_URL)) })
      onSaved()
    } catch (error) {
      toast.error(`Error undoing the last save: ${(error as Error).message}`)
    } finally {
      setSaving(false)
    }
  }

  const loadPreset = useCallback<LoadPreset>(
    async (presetId) => {
      try {
        const preset = await requestJson<LoadedPreset>(presetLoadUrl(presetId), { method: 'POST' })
        dispatch({ type: 'loadPreset', payload: preset })
        presetLoaded.current = true
        toast.info(
          `${preset.name ? `Preset "${preset.name}"` : 'Preset'} loaded (requires save to persist). ${unsavedChangesText(getState().changes)}`,
          { id: EDITOR_TOAST_ID },
        )
      } catch (error) {
        toast.error(`Error: ${(error as Error).message}`)
      }
    },
    [dispatch, getState, toast],
  )

  // `/admin/orbat?preset=ID` (the settings page without JavaScript links here): load it once, then drop the param.
  const presetDone = useRef(false)
  useEffect(() => {
    if (presetId === null || presetDone.current) return
    presetDone.current = true
    void loadPreset(presetId).finally(onPresetConsumed)
  }, [presetId, loadPreset, onPresetConsumed])

  useLeaveBlocker(dirty)

  return { saving, save, discard, undo, loadPreset }
}

/** Leaving the page inside the app with unsaved changes asks first. */
function useLeaveBlocker(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  )
  const blockerRef = useRef(blocker)
  blockerRef.current = blocker
  // NOTE: keyed on the state alone: the blocker object changes on every render, and one blocked navigation must
  // ask once.
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    void askToConfirm('You have unsaved ORBAT changes. Leave without saving them?').then((yes) =>
      yes ? blockerRef.current.proceed?.() : blockerRef.current.reset?.(),
    )
  }, [blocker.state])
}
