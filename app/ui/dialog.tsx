import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react'
import { Link, useNavigate } from 'react-router'
import { buttonClass, iconButton } from './button.ts'
import { CloseIcon } from './icons.tsx'

/**
 * The one dialog whose open state is the URL (?dialog=ping&event=3): links open it, with or without JavaScript.
 * The server renders a real <dialog open> over the page (without JavaScript it stays so, Close is a link); once
 * scripts run it reopens as a modal (focus trapped, the rest of the page inert, Escape and the backdrop close it)
 * and focus starts in its first field. Closing goes to `closeHref`.
 */
export function UrlDialog({
  title,
  description,
  closeHref,
  size = 'md',
  tall = false,
  closeLabel = 'Close',
  children,
}: {
  title: string
  description?: ReactNode
  closeHref: string
  /** The close button's accessible name, for a page in another language than English. */
  closeLabel?: string
  /** md and lg: a centred box; full: the whole viewport less a margin on wider screens (an editor's "full-screen style"). */
  size?: 'md' | 'lg' | 'full'
  /** 80% of the viewport's height whatever it holds (the Manage Test dialog), its body scrolling. */
  tall?: boolean
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const navigate = useNavigate()
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || dialog.matches(':modal')) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    // The server rendered it open (non-modal); reopen it as a modal so focus stays inside.
    dialog.close()
    dialog.showModal()
    dialog.querySelector<HTMLElement>('[data-dialog-body] :is(input:not([type=hidden]), select, textarea)')?.focus()
    // Focus goes back where it was when the dialog closes (a link or button that is still on the page).
    return () => {
      if (opener?.isConnected) opener.focus()
    }
  }, [])
  const close = () => void navigate(closeHref, { replace: true, preventScrollReset: true })
  const { box, body } = tall
    ? {
        box: `h-[80dvh] max-h-[calc(100dvh-2rem)] flex-col rounded-xl open:flex ${DIALOG_SIZES[size].width}`,
        body: 'min-h-0 flex-1 overflow-y-auto px-5 py-4',
      }
    : DIALOG_SIZES[size]
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
      onClick={(event) => {
        // A click on the dialog element itself (outside its content) is a click on the backdrop.
        if (event.target === event.currentTarget) close()
      }}
      onKeyDown={keepTabInside}
      className={`fixed inset-0 z-50 m-auto ${box} border border-zinc-800 bg-zinc-900 p-0 text-zinc-100 shadow-2xl shadow-black backdrop:bg-black/60 [&:not(:modal)]:shadow-[0_0_0_100vmax] [&:not(:modal)]:shadow-black/60`}
    >
      <header className="flex shrink-0 items-start justify-between gap-4 border-b border-zinc-800 px-5 py-4">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-zinc-400">{description}</p> : null}
        </div>
        <Link to={closeHref} replace preventScrollReset className={iconButton} aria-label={closeLabel}>
          <CloseIcon />
        </Link>
      </header>
      <div className={body} data-dialog-body>
        {children}
      </div>
    </dialog>
  )
}

const BOX = 'h-fit max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-xl'
const DIALOG_SIZES = {
  md: { width: 'w-[min(34rem,calc(100%-2rem))]', box: `${BOX} w-[min(34rem,calc(100%-2rem))]`, body: 'px-5 py-4' },
  lg: { width: 'w-[min(48rem,calc(100%-2rem))]', box: `${BOX} w-[min(48rem,calc(100%-2rem))]`, body: 'px-5 py-4' },
  // The body fills the height, so a form's footer can sit at the bottom (mt-auto) and stick there (sticky bottom-0).
  full: {
    width: 'w-full',
    box: 'h-dvh max-h-none w-full max-w-none overflow-y-auto open:flex open:flex-col sm:h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:rounded-xl',
    body: 'flex flex-1 flex-col px-5',
  },
} as const

/**
 * A <dialog> shown as a modal while `open` (focus trapped, the page inert): spread the result on the element. Escape
 * and a click on the backdrop (the dialog element itself, outside its content) call `onClose`.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault()
      onClose()
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) onClose()
    },
    onKeyDown: keepTabInside,
  }
}

const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type=hidden]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])'

/**
 * Tab past a modal's last control comes back to its first (Shift+Tab the other way). A modal <dialog> makes the page
 * inert, but the browser would still move focus out of the document, to its own toolbar.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  const dialog = event.currentTarget
  if (event.key !== 'Tab' || !dialog.matches(':modal')) return
  // NOTE: a roving tab list leaves its inactive tabs at tabIndex -1: Tab never reaches them, so they are no end.
  const tabbable = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  )
  const first = tabbable[0]
  const last = tabbable.at(-1)
  if (!first || !last) return
  const from = document.activeElement
  const to = event.shiftKey ? (from === first || from === dialog ? last : null) : from === last ? first : null
  if (!to) return
  event.preventDefault()
  to.focus()
}

/**
 * A modal held in component state (an image over the member sheet): the same <dialog> look, opened while `open`,
 * closed by Escape, the backdrop or its close button. For anything a link should open, use UrlDialog.
 */
export function Modal({
  open,
  title,
  label,
  closeLabel = 'Close',
  onClose,
  children,
  width = 'w-[min(96vw,1200px)]',
}: {
  open: boolean
  title: ReactNode
  /** The dialog's accessible name. */
  label: string
  closeLabel?: string
  onClose: () => void
  children: ReactNode
  width?: string
}) {
  const modal = useModalDialog(open, onClose)
  return (
    <dialog
      {...modal}
      aria-label={label}
      className={`m-auto max-h-[90dvh] ${width} max-w-none rounded-xl border border-zinc-800 bg-zinc-900 p-0 text-zinc-100 shadow-2xl shadow-black backdrop:bg-black/75`}
    >
      {open ? (
        <div className="flex max-h-[90dvh] flex-col">
          <header className="flex items-center justify-between gap-4 border-b border-zinc-800 px-4 py-3">
            <h3 className="truncate font-semibold">{title}</h3>
            <button type="button" onClick={onClose} className={iconButton} aria-label={closeLabel}>
              <CloseIcon />
            </button>
          </header>
          <div className="min-h-0 flex-1 overflow-auto">{children}</div>
        </div>
      ) : null}
    </dialog>
  )
}

/** Cancel in a dialog's footer: back to the page without the dialog. */
export function CancelLink({
  href,
  label = 'Cancel',
  className,
}: {
  href: string
  label?: string
  className?: string
}) {
  return (
    <Link to={href} replace preventScrollReset className={className ?? buttonClass('secondary', 'md')}>
      {label}
    </Link>
  )
}
