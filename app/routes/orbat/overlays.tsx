import { useEffect, useRef, useSyncExternalStore } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ConfirmStep } from '#app/ui/confirm.tsx'
import { useSheet } from '#app/ui/sheet.tsx'
import { ListIcon } from '#app/components/orbat/icons.tsx'
import type { LiveOrbatStore } from './live-store.ts'
import type { LiveStatus } from './use-live-orbat.ts'
import type { OrbatPayload } from '#contracts/orbat.ts'
import type { OrbatRights } from '#contracts/orbat-rights.ts'
import { INTENTS, LOGIN_HREF, ORBAT_PATH } from '#app/components/orbat/viewer.tsx'
import { WaitlistPanel } from './waitlist-panel.tsx'
import { useT } from '#app/ui/i18n.tsx'

// What floats over the diagram: the title and live indicator, the login prompt, the Waitlist button, and the two
// panels that stand in for dialogs when JavaScript is off (?sheet=waitlist, ?leave=<slotId>&confirm=leave).

const chip =
  'pointer-events-auto flex h-9 items-center gap-2 rounded-lg border border-zinc-800 bg-zinc-900/90 px-2.5 text-sm sm:px-3 shadow-lg shadow-black/40 backdrop-blur'

const statusDot: Record<LiveStatus, string> = {
  connecting: 'bg-zinc-500',
  live: 'bg-emerald-400',
  polling: 'bg-amber-400',
}

export function OrbatTitle({ status }: { status: LiveStatus }) {
  const t = useT('orbat')
  // `connecting` is also what a page without JavaScript keeps showing: a snapshot, no live updates.
  const statusText = t(`status.${status}`)
  return (
    <div className={chip}>
      <h1 className="font-semibold tracking-wide text-zinc-50">{t('title')}</h1>
      <span className="flex items-center gap-1.5 text-xs text-zinc-400" data-testid="live-status" data-status={status}>
        <span aria-hidden className={`size-2 rounded-full ${statusDot[status]}`} />
        <span className="hidden sm:inline">{statusText}</span>
        <span className="sr-only sm:hidden">{statusText}</span>
      </span>
    </div>
  )
}

export function LoginPrompt() {
  const t = useT('orbat')
  return (
    <a href={LOGIN_HREF} className={`${chip} font-medium text-brand-400 hover:border-brand-600 hover:text-brand-400`}>
      {t('loginToSignUp')}
    </a>
  )
}

/**
 * "Waitlist (N)": opens the side sheet. Without JavaScript it is a link to ?sheet=waitlist, which the page renders
 * as a static panel.
 */
export function WaitlistButton({ store, rights }: { store: LiveOrbatStore; rights: OrbatRights | null }) {
  const { openSheet, closeSheet } = useSheet()
  const t = useT('orbat')
  const count = useSyncExternalStore(
    store.subscribe,
    () => store.getView().data.waitlist.length,
    () => store.getView().data.waitlist.length,
  )
  const opened = useRef(false)
  // The sheet belongs to the app shell: close it when leaving the page, it shows this page's data.
  useEffect(
    () => () => {
      if (opened.current) closeSheet()
    },
    [closeSheet],
  )
  return (
    <a
      href={`${ORBAT_PATH}?sheet=waitlist`}
      aria-haspopup="dialog"
      onClick={(event) => {
        // A new tab or window (modifier keys, middle click) gets the page with its static panel.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        opened.current = true
        openSheet(t('waitlist'), <WaitlistPanel store={store} rights={rights} />)
      }}
      className={`${chip} font-medium text-zinc-100 hover:border-zinc-600`}
      data-testid="waitlist-button"
    >
      <ListIcon className="hidden size-4 sm:block" />
      {t('waitlistButton', { count })}
    </a>
  )
}

/** The waitlist as a page panel, for ?sheet=waitlist (no JavaScript, or a shared link). */
export function StaticWaitlistPanel({ store, rights }: { store: LiveOrbatStore; rights: OrbatRights | null }) {
  const t = useT('orbat')
  return (
    // Fixed under the top bar: the list view scrolls, the panel stays in view.
    <aside
      aria-labelledby="waitlist-panel-title"
      data-sheet-panel
      className="fixed top-[calc(3.5rem+1px)] right-0 bottom-0 z-30 flex w-full flex-col border-l border-zinc-800 bg-zinc-900 shadow-2xl shadow-black md:w-[500px]"
    >
      {/* --sheet-header tall, as the sheet's: the toast stack starts below it (app/app.css). */}
      <header className="flex h-(--sheet-header) shrink-0 items-center justify-between gap-4 border-b border-zinc-800 px-5">
        <h2 id="waitlist-panel-title" className="text-lg font-semibold">
          {t('waitlist')}
        </h2>
        <Link
          to={ORBAT_PATH}
          className="rounded-md px-2 py-1 text-sm text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
        >
          {t('close')}
        </Link>
      </header>
      <div className="flex-1 overflow-y-auto px-5 py-4">
        <WaitlistPanel store={store} rights={rights} returnTo={`${ORBAT_PATH}?sheet=waitlist`} />
      </div>
    </aside>
  )
}

/**
 * The leave confirmation when JavaScript is off: the Leave button posted without a confirmation, and the action sent
 * the browser here (?leave=<slotId>&confirm=leave). With JavaScript the app's confirm dialog asks instead.
 */
export function LeaveConfirm({
  orbat,
  slotId,
  userId,
}: {
  orbat: OrbatPayload
  slotId: number
  userId: number | null
}) {
  const slot = orbat.slots.find((s) => s.id === slotId)
  const [params] = useSearchParams()
  const t = useT('orbat')
  if (!slot || userId === null || slot.user_id !== userId || params.get('confirm') !== INTENTS.leave) return null
  const squad = orbat.squads.find((s) => s.id === slot.squad_id)
  return (
    <div className="fixed inset-x-0 top-[calc(3.5rem+1px)] bottom-0 z-30 grid place-items-center bg-black/60 p-4">
      <div className="w-full max-w-sm rounded-xl bg-zinc-900 shadow-2xl shadow-black">
        <ConfirmStep
          intent={INTENTS.leave}
          fields={{ slotId: slot.id }}
          message={t('leaveConfirm')}
          detail={squad ? t('slotIn', { role: slot.role, squad: squad.name }) : slot.role}
          confirmLabel={t('leave')}
          cancelLabel={t('cancel')}
        />
      </div>
    </div>
  )
}
