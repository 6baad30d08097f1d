import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { iconButton } from './button.ts'
import { useModalDialog } from './dialog.tsx'
import { CloseIcon } from './icons.tsx'

/** Title and content are cleared 300 ms after the sheet closes (after the slide-out). */
const SHEET_CLEAR_MS = 300

interface SheetProps {
  open: boolean
  title: ReactNode
  onClose: () => void
  children: ReactNode
}

/**
 * The side sheet: from the right, 500 px wide on md+ and full width below, a dimmed backdrop that closes it
 * on click. A native modal <dialog>, so focus stays inside and Escape closes it.
 */
function Sheet({ open, title, onClose, children }: SheetProps) {
  const modal = useModalDialog(open, onClose)
  // Keep showing the last title/content while sliding out, then clear them.
  const [shown, setShown] = useState<{ title: ReactNode; children: ReactNode } | null>(
    open ? { title, children } : null,
  )

  useEffect(() => {
    if (open) {
      setShown({ title, children })
      return
    }
    const timer = setTimeout(() => setShown(null), SHEET_CLEAR_MS)
    return () => clearTimeout(timer)
  }, [open, title, children])

  return (
    <dialog
      {...modal}
      className="sheet border-l border-zinc-800 bg-zinc-900 p-0 text-zinc-100 shadow-2xl shadow-black"
      aria-labelledby="sheet-title"
    >
      <div className="flex h-full flex-col">
        {/* --sheet-header tall (app/app.css): the toast stack starts below it. */}
        <header className="flex h-(--sheet-header) shrink-0 items-center justify-between gap-4 border-b border-zinc-800 px-5">
          <h2 id="sheet-title" className="text-lg font-semibold">
            {shown?.title}
          </h2>
          <button type="button" onClick={onClose} className={iconButton} aria-label="Close">
            <CloseIcon />
          </button>
        </header>
        {/* Focusable, so a keyboard can scroll content that has no control of its own (a log, a member's record). */}
        <div className="flex-1 overflow-y-auto px-5 py-4" tabIndex={0}>
          {shown?.children}
        </div>
      </div>
    </dialog>
  )
}

interface SheetApi {
  openSheet: (title: ReactNode, content: ReactNode) => void
  closeSheet: () => void
  isOpen: boolean
}

const SheetContext = createContext<SheetApi | null>(null)

export function useSheet(): SheetApi {
  const api = useContext(SheetContext)
  if (!api) throw new Error('useSheet must be used inside <SheetProvider>')
  return api
}

/** One app-wide sheet: any page opens it with a title and content. */
export function SheetProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; title: ReactNode; content: ReactNode }>({
    open: false,
    title: null,
    content: null,
  })
  const openSheet = useCallback((title: ReactNode, content: ReactNode) => setState({ open: true, title, content }), [])
  const closeSheet = useCallback(() => setState((s) => ({ ...s, open: false })), [])
  const api = useMemo(() => ({ openSheet, closeSheet, isOpen: state.open }), [openSheet, closeSheet, state.open])
  return (
    <SheetContext.Provider value={api}>
      {children}
      <Sheet open={state.open} title={state.title} onClose={closeSheet}>
        {state.content}
      </Sheet>
    </SheetContext.Provider>
  )
}
