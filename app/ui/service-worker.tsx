import { useEffect, useState } from 'react'
import { OFFLINE_MESSAGE, OFFLINE_STAMP_HEADER } from '#contracts/offline.ts'
import { useT } from './i18n.tsx'
import { useTimeZone, wallParts } from './date-time.tsx'

/**
 * Registers the service worker (sw/service-worker.ts) once the page has loaded, and reloads a page that was running
 * an older build's code when a new worker takes over, so old code never meets new files
 * (docs/decisions/044-installable-app-with-workbox.md).
 */
export function useServiceWorker() {
  useEffect(() => {
    if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
    const container = navigator.serviceWorker
    const ranUnderAWorker = Boolean(container.controller)
    const onChange = () => {
      if (ranUnderAWorker) window.location.reload()
    }
    container.addEventListener('controllerchange', onChange)
    const register = () => void container.register('/sw.js').catch(() => undefined)
    if (document.readyState === 'complete') register()
    else window.addEventListener('load', register, { once: true })
    return () => {
      container.removeEventListener('controllerchange', onChange)
      window.removeEventListener('load', register)
    }
  }, [])
}

const ACTIONS = 'main :is(button, input, select, textarea, fieldset)'
const DISABLED_MARK = 'data-offline-disabled'

/** Offline, every control of the page is disabled (nothing could be sent), and enabled again once back online. */
function disableActions(root: Element) {
  for (const control of root.querySelectorAll<HTMLButtonElement>(ACTIONS)) {
    if (control.disabled) continue
    control.disabled = true
    control.setAttribute(DISABLED_MARK, '')
  }
}
function enableActions() {
  for (const control of document.querySelectorAll<HTMLButtonElement>(`[${DISABLED_MARK}]`)) {
    control.disabled = false
    control.removeAttribute(DISABLED_MARK)
  }
}

/**
 * "offline, as of HH:mm" while the browser is offline: the time the page shown was kept by the service worker (or
 * loaded, when it came from the network), on the viewer's clock. Actions are disabled meanwhile.
 */
export function OfflineMark() {
  const { zone } = useTimeZone()
  const t = useT('shell')
  const [asOf, setAsOf] = useState<number | null>(null)
  useEffect(() => {
    const loadedAt = Date.now()
    let observer: MutationObserver | null = null
    // The worker says so when it served this page from its kept copy, whatever navigator.onLine believes.
    let servedKept: number | null = null
    const goOffline = (at: number) => {
      document.documentElement.setAttribute('data-offline', '')
      disableActions(document.body)
      observer ??= new MutationObserver(() => disableActions(document.body))
      observer.observe(document.body, { childList: true, subtree: true })
      setAsOf(at)
    }
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; keptAt?: string } | null
      if (data?.type !== OFFLINE_MESSAGE) return
      const at = Date.parse(data.keptAt ?? '')
      servedKept = Number.isNaN(at) ? loadedAt : at
      goOffline(servedKept)
    }
    const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null
    container?.addEventListener('message', onMessage)
    container?.startMessages()
    // navigator.onLine only knows whether there is a network at all: a page the worker controls asks for a small
    // file past every cache to learn whether the server can be reached.
    const reachable = async () =>
      navigator.onLine &&
      (!container?.controller ||
        (await fetch('/manifest.webmanifest', { method: 'HEAD', cache: 'no-store' }).then(
          (r) => r.ok,
          () => false,
        )))
    const update = async () => {
      if (servedKept === null && (await reachable())) {
        observer?.disconnect()
        observer = null
        document.documentElement.removeAttribute('data-offline')
        enableActions()
        setAsOf(null)
        return
      }
      const kept = 'caches' in window ? await caches.match(window.location.pathname).catch(() => undefined) : undefined
      const stamp = Date.parse(kept?.headers.get(OFFLINE_STAMP_HEADER) ?? '')
      goOffline(servedKept ?? (Number.isNaN(stamp) ? loadedAt : stamp))
    }
    void update()
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      observer?.disconnect()
      container?.removeEventListener('message', onMessage)
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [])
  if (asOf === null) return null
  return (
    <p
      role="status"
      data-testid="offline-mark"
      className="border-b border-amber-700 bg-amber-950 px-4 py-2 text-center text-sm text-amber-100"
    >
      {t('offline', { time: wallParts(asOf, zone).time })}
    </p>
  )
}
