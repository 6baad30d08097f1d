import { ActionsMenu, type MenuItem } from './actions-menu.tsx'

// The editor's floating title bar: the unsaved-changes mark, Save ORBAT and the Actions menu.

export function EditorToolbar({
  dirty,
  saving,
  onSave,
  menu,
}: {
  dirty: boolean
  saving: boolean
  onSave: () => void
  menu: MenuItem[]
}) {
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 z-20 flex flex-wrap items-center gap-2 p-3">
      <div className="pointer-events-auto flex h-9 items-center gap-2 rounded-lg border border-zinc-800 bg-zinc-900/90 px-2.5 text-sm shadow-lg shadow-black/40 backdrop-blur sm:px-3">
        <h1 className="font-semibold tracking-wide text-zinc-50">
          ORBAT <span className="hidden sm:inline">Editor</span>
        </h1>
        {dirty ? (
          <span className="flex items-center gap-1.5 text-xs text-amber-300" data-testid="unsaved">
            <span aria-hidden className="size-2 rounded-full bg-amber-400" />
            <span className="hidden sm:inline">Unsaved changes</span>
            <span className="sr-only sm:hidden">Unsaved changes</span>
          </span>
        ) : null}
      </div>
      <div className="ml-auto flex items-center gap-2">
        <button
          type="button"
          onClick={onSave}
          disabled={saving}
          className="pointer-events-auto flex h-9 items-center rounded-lg bg-brand-600 px-3 text-sm font-semibold text-zinc-950 shadow-lg shadow-black/40 hover:bg-brand-500 disabled:cursor-wait disabled:opacity-70"
        >
          {saving ? 'Saving...' : 'Save ORBAT'}
        </button>
        <ActionsMenu items={menu} />
      </div>
    </div>
  )
}
