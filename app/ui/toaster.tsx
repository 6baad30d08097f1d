import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import type { Toast, ToastType } from '#contracts/toast.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'

/** Toast lifetime 5000 ms, exit animation 300 ms (docs/rules/ui.md). */
const TOAST_LIFETIME_MS = 5000
const TOAST_EXIT_MS = 300

interface ToastOptions {
  /**
   * A toast that follows a running state (the ORBAT editor's unsaved changes): while a toast with this id is up, it is
   * replaced in place (text, type, a fresh 5 seconds) instead of another one stacking.
   */
  id?: string
}

interface ToastApi {
  show: (message: string, type?: ToastType, options?: ToastOptions) => void
  success: (message: string, options?: ToastOptions) => void
  error: (message: string, options?: ToastOptions) => void
  info: (message: string, options?: ToastOptions) => void
}

const ToastContext = createContext<ToastApi | null>(null)

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast must be used inside <ToastProvider>')
  return api
}

/** Where the toasts on screen are (not those fading out): a page keeps what is being edited clear of them. */
export function toastBoxes(): DOMRect[] {
  return [...document.querySelectorAll('.toast:not(.toast-leaving)')].map((el) => el.getBoundingClientRect())
}

export interface Entry extends Toast {
  leaving: boolean
  /** The flash toast the server rendered into the page: shown with its text from the start. */
  fromServer?: boolean
  /** How many times this same text was shown while it was up (identical toasts coalesce into one). */
  count: number
  /** Bumped each time the toast is shown again or replaced: its 5 seconds (and its CSS fade) start over. */
  version: number
}

/**
 * Adds a toast; the same text again while it is up counts up and restarts its timer instead of stacking. With
 * `replace`, a toast with the same id (even one fading out) takes the new text and type in place.
 */
export function pushToast(list: Entry[], toast: Toast, { replace = false } = {}): Entry[] {
  const current = replace ? list.find((t) => t.id === toast.id) : undefined
  if (current)
    return list.map((t) => (t === current ? { ...toast, leaving: false, count: 1, version: t.version + 1 } : t))
  const same = list.find((t) => !t.leaving && t.message === toast.message && t.type === toast.type)
  if (same) return list.map((t) => (t === same ? { ...t, count: t.count + 1, version: t.version + 1 } : t))
  return [...list, { ...toast, leaving: false, count: 1, version: 0 }]
}

/** Holds the toast stack. `flash` is the toast a UI action left in the flash cookie (works without JavaScript). */
export function ToastProvider({ flash, children }: { flash: Toast | null; children: ReactNode }) {
  const [toasts, setToasts] = useState<Entry[]>(() =>
    flash ? [{ ...flash, leaving: false, count: 1, version: 0, fromServer: true }] : [],
  )
  const seen = useRef(new Set<string>(flash ? [flash.id] : []))

  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.map((t) => (t.id === id ? { ...t, leaving: true } : t)))
    // NOTE: only if still leaving: a toast replaced under the same id meanwhile stays.
    setTimeout(() => setToasts((list) => list.filter((t) => !(t.id === id && t.leaving))), TOAST_EXIT_MS)
  }, [])

  const show = useCallback((message: string, type: ToastType = 'info', id?: string) => {
    if (id === undefined) {
      setToasts((list) => pushToast(list, { id: crypto.randomUUID(), message, type }))
      return
    }
    setToasts((list) => pushToast(list, { id, message, type }, { replace: true }))
  }, [])

  // A flash toast is shown once per id, however often the root loader hands the same one back.
  const showFlash = useCallback(
    (toast: Toast) => {
      if (seen.current.has(toast.id)) return
      seen.current.add(toast.id)
      show(toast.message, toast.type)
    },
    [show],
  )

  // A new flash toast arrives with each navigation's root loader data.
  useEffect(() => {
    if (flash) showFlash(flash)
  }, [flash, showFlash])

  const api = useMemo<ToastApi>(
    () => ({
      show: (m, t, o) => show(m, t, o?.id),
      success: (m, o) => show(m, 'success', o?.id),
      error: (m, o) => show(m, 'error', o?.id),
      info: (m, o) => show(m, 'info', o?.id),
    }),
    [show],
  )

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastStack toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  )
}

const styles: Record<ToastType, string> = {
  success: 'border-emerald-500/40 bg-emerald-950/95 text-emerald-100',
  error: 'border-red-500/40 bg-red-950/95 text-red-100',
  info: 'border-sky-500/40 bg-sky-950/95 text-sky-100',
}
const icons: Record<ToastType, string> = { success: '✓', error: '!', info: 'i' }

/** The open modal dialog (the side sheet, a dialog), if any: everything outside it is inert while it is open. */
function useOpenModal(): HTMLDialogElement | null {
  const [modal, setModal] = useState<HTMLDialogElement | null>(null)
  useEffect(() => {
    const find = () => setModal([...document.querySelectorAll<HTMLDialogElement>('dialog:modal')].at(-1) ?? null)
    find()
    // Opened or closed (the open attribute), and removed with its page (a dialog that leaves the DOM never closes).
    const observer = new MutationObserver(find)
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] })
    return () => observer.disconnect()
  }, [])
  return modal
}

function ToastStack({ toasts, onDismiss }: { toasts: Entry[]; onDismiss: (id: string) => void }) {
  // NOTE: an open modal <dialog> (the side sheet) makes the rest of the page inert: a toast outside it could be seen
  // but not dismissed, and a screen reader would not hear it. While one is open the stack lives inside it. Where the
  // stack starts (below the top bar, below an open sheet's header) is app/app.css's `.toast-stack`.
  const modal = useOpenModal()
  const stack = (
    <div
      className="toast-stack pointer-events-none fixed inset-x-0 bottom-auto z-[100] m-0 flex w-full flex-col items-center gap-2 overflow-visible border-0 bg-transparent p-0 px-3"
      data-testid="toast-stack"
    >
      {toasts.map((toast) => (
        // Keyed by version too: a toast shown again restarts its CSS fade (app.css), not only its timer.
        <ToastItem key={`${toast.id}:${toast.version}`} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  )
  return modal ? createPortal(stack, modal) : stack
}

/** How long a new toast's live region stays empty before its text arrives (see ToastItem). */
const ANNOUNCE_DELAY_MS = 100

function ToastItem({ toast, onDismiss }: { toast: Entry; onDismiss: (id: string) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_LIFETIME_MS)
    return () => clearTimeout(timer)
  }, [toast.id, toast.version, onDismiss])
  // Each toast is its own live region (status, or alert for an error). A screen reader reads a live region's
  // changes, not a region that arrives with its text already in it, so the text follows a moment after the region.
  // The flash toast rendered by the server starts with its text (there is nothing to announce on a page load).
  const [announced, setAnnounced] = useState(toast.fromServer === true)
  const hydrated = useHydrated()
  useEffect(() => {
    if (announced) return
    const timer = setTimeout(() => setAnnounced(true), ANNOUNCE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [announced])
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-type={toast.type}
      className={`toast pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-xl shadow-black/40 ${styles[toast.type]} ${toast.leaving ? 'toast-leaving' : ''}`}
    >
      <span
        aria-hidden
        className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-white/10 text-xs font-bold"
      >
        {icons[toast.type]}
      </span>
      <p className="min-h-5 flex-1 break-words">{announced ? toast.message : null}</p>
      {toast.count > 1 ? (
        <span
          className="shrink-0 rounded-full bg-white/10 px-1.5 text-xs font-semibold tabular-nums"
          data-testid="toast-count"
        >
          <span className="sr-only">shown </span>×{toast.count}
        </span>
      ) : null}
      {/* Without JavaScript the toast leaves by itself at 5 s (app/app.css); a × that could not close it is left out. */}
      {hydrated ? (
        <button
          type="button"
          onClick={() => onDismiss(toast.id)}
          className="-my-1 -mr-2 grid size-8 shrink-0 place-items-center rounded text-lg leading-none opacity-70 hover:opacity-100"
          aria-label="Dismiss notification"
        >
          ×
        </button>
      ) : null}
    </div>
  )
}
