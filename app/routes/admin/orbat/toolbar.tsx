import { ActionsMenu, type MenuItem } from './actions-menu.tsx'

// The editor's controls: the title with the unsaved-changes mark, the Diagram / List choice, Save ORBAT (with the number
// of unsaved changes) and the Actions menu. Over the diagram they float in one row at the top; the list puts the title
// and the choice above the squads and Save and Actions in a bar at the bottom, away from the toasts at the top.

export type EditorView = 'diagram' | 'list'

const panel = 'rounded-lg border border-zinc-800 bg-zinc-900/90 shadow-lg shadow-black/40 backdrop-blur'

export function EditorTitle({ dirty }: { dirty: boolean }) {
  return (
    <div className={`pointer-events-auto flex h-9 items-center gap-2 px-2.5 text-sm sm:px-3 ${panel}`}>
      <h1 className="font-semibold tracking-wide text-zinc-50">
        ORBAT <span className="hidden sm:inline">Editor</span>
      </h1>
      <UnsavedMark dirty={dirty} />
    </div>
  )
}

function UnsavedMark({ dirty }: { dirty: boolean }) {
  if (!dirty) return null
  return (
    <span className="flex items-center gap-1.5 text-xs text-amber-300" data-testid="unsaved">
      <span aria-hidden className="size-2 rounded-full bg-amber-400" />
      <span className="hidden sm:inline">Unsaved changes</span>
      <span className="sr-only sm:hidden">Unsaved changes</span>
    </span>
  )
}

/** Diagram / List: the list edits everything but the layout, and is the default on a phone. */
export function ViewChoice({ view, onChoose }: { view: EditorView; onChoose: (view: EditorView) => void }) {
  return (
    <div role="group" aria-label="View" className={`pointer-events-auto flex h-9 items-center gap-0.5 p-0.5 ${panel}`}>
      {(['diagram', 'list'] as const).map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChoose(value)}
          className={`h-full rounded-md px-2.5 text-sm font-medium transition ${view === value ? 'bg-zinc-700 text-zinc-50' : 'text-zinc-400 hover:text-zinc-100'}`}
        >
          {value === 'diagram' ? 'Diagram' : 'List'}
        </button>
      ))}
    </div>
  )
}

/** Save ORBAT, with how many changes it would save: "Save ORBAT (3)", named "Save ORBAT (3 unsaved changes)". */
export function SaveButton({ saving, changes, onSave }: { saving: boolean; changes: number; onSave: () => void }) {
  const unsaved = `${changes} unsaved ${changes === 1 ? 'change' : 'changes'}`
  return (
    <button
      type="button"
      onClick={onSave}
      disabled={saving}
      aria-label={!saving && changes > 0 ? `Save ORBAT (${unsaved})` : undefined}
      className="pointer-events-auto flex h-9 items-center gap-1 rounded-lg bg-brand-600 px-3 text-sm font-semibold whitespace-nowrap text-zinc-950 shadow-lg shadow-black/40 hover:bg-brand-500 disabled:cursor-wait disabled:opacity-70"
    >
      {saving ? (
        'Saving...'
      ) : (
        <>
          Save ORBAT
          {changes > 0 ? (
            <>
              {' '}
              <span className="tabular-nums" data-testid="save-count">
                ({changes})
              </span>
            </>
          ) : null}
        </>
      )}
    </button>
  )
}

/** Undo Last Save: one click (and a confirm) puts the ORBAT back as it stood before the last save. */
export function UndoButton({ saving, onUndo }: { saving: boolean; onUndo: () => void }) {
  return (
    <button
      type="button"
      onClick={onUndo}
      disabled={saving}
      aria-label="Undo Last Save"
      className={`pointer-events-auto flex h-9 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap text-zinc-200 hover:text-white disabled:opacity-60 ${panel}`}
    >
      <span aria-hidden className="sm:hidden">
        Undo
      </span>
      <span aria-hidden className="hidden sm:inline">
        Undo Last Save
      </span>
    </button>
  )
}

interface ToolbarProps {
  dirty: boolean
  changes: number
  saving: boolean
  onSave: () => void
  onUndo: () => void
  menu: MenuItem[]
  view: EditorView
  onView: (view: EditorView) => void
}

/** Over the diagram: one floating row at the top. */
export function EditorToolbar({ dirty, changes, saving, onSave, onUndo, menu, view, onView }: ToolbarProps) {
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 z-20 flex flex-wrap items-center gap-2 p-3">
      <EditorTitle dirty={dirty} />
      <ViewChoice view={view} onChoose={onView} />
      <div className="ml-auto flex items-center gap-2">
        <UndoButton saving={saving} onUndo={onUndo} />
        <SaveButton saving={saving} changes={changes} onSave={onSave} />
        <ActionsMenu items={menu} />
      </div>
    </div>
  )
}

/** Under the list: Save ORBAT and Actions in reach of a thumb, where no toast covers them. */
export function ListActionBar({ dirty, changes, saving, onSave, onUndo, menu }: Omit<ToolbarProps, 'view' | 'onView'>) {
  return (
    <div className="flex shrink-0 items-center gap-2 border-t border-zinc-800 bg-zinc-900/95 px-3 py-2">
      <UnsavedMark dirty={dirty} />
      <div className="ml-auto flex items-center gap-2">
        <UndoButton saving={saving} onUndo={onUndo} />
        <SaveButton saving={saving} changes={changes} onSave={onSave} />
        <ActionsMenu items={menu} placement="up" />
      </div>
    </div>
  )
}
