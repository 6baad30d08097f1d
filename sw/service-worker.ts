// The service worker (docs/decisions/044-installable-app-with-workbox.md). Built files are content-hashed, so they are
// precached at install and served cache-first. Four pages a member needs in the field (/, /orbat, /trainings,
// /library) are kept as last seen, network first, to show offline, and only as a visitor signed out sees them (what a
// signed-in person sees comes private, no-store); nothing else is, so nobody's own answers, no admin page and no /api
// answer is ever stored. Any request under /auth/ (logout, or the next login) and every new build clear the kept pages.
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import { OFFLINE_MESSAGE, OFFLINE_PAGES, OFFLINE_PAGES_CACHE, OFFLINE_STAMP_HEADER } from '../contracts/offline.ts'

// The worker's global scope, typed here: the project compiles with the DOM library, which does not describe it.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  readonly resultingClientId: string
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification
}
interface WindowClient {
  url: string
  focus(): Promise<WindowClient>
}
interface WorkerScope {
  clients: {
    get(id: string): Promise<{ postMessage(message: unknown): void } | undefined>
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>
    openWindow(url: string): Promise<WindowClient | null>
  }
  registration: ServiceWorkerRegistration
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
  location: Location
  skipWaiting(): Promise<void>
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'activate' | 'install', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
}
const worker = self as unknown as WorkerScope

// A new build takes over at once and the page that sees the change reloads itself (app/ui/service-worker.tsx), so
// no page runs old code against new files; the pages kept by the old build go with it, since they name its files.
void worker.skipWaiting()
clientsClaim()
worker.addEventListener('activate', (event) => event.waitUntil(caches.delete(OFFLINE_PAGES_CACHE)))

// Any request under /auth/ (a login, a logout: a POST of a form or of a script, or a navigation) empties the kept pages.
worker.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  if (url.origin === worker.location.origin && url.pathname.startsWith('/auth/'))
    event.waitUntil(caches.delete(OFFLINE_PAGES_CACHE))
})

// Written literally: the build finds and replaces `self.__WB_MANIFEST` with the list of files.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST)
cleanupOutdatedCaches()

// A hashed file the precache does not list (a build older than this worker's) is still never fetched twice.
registerRoute(
  ({ url }) => url.origin === worker.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'tfhq-assets' }),
)

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === worker.location.origin && OFFLINE_PAGES.includes(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_PAGES_CACHE,
    plugins: [
      {
        // One copy per page, whatever its query (the ORBAT's view choice), found by its path offline.
        cacheKeyWillBeUsed: async ({ request }) => new URL(request.url).pathname,
        // Served from the kept copy (the network failed): the page is told when it was kept, to mark itself offline.
        // A message waits in the page's queue until the page listens, so the page may not exist yet here.
        cachedResponseWillBeUsed: async ({ event, cachedResponse }) => {
          const keptAt = cachedResponse?.headers.get(OFFLINE_STAMP_HEADER)
          const clientId = (event as unknown as FetchEvent | undefined)?.resultingClientId
          if (keptAt && clientId) (event as unknown as FetchEvent).waitUntil(tellPage(clientId, keptAt))
          return cachedResponse
        },
        // Only a page served as asked and meant to be stored: what a signed-in person sees is sent private and
        // no-store (server/http/app.ts), so only what any visitor may see is kept. Stamped with when it was kept (the
        // "offline, as of" mark reads it).
        cacheWillUpdate: async ({ response }) => {
          if (response.status !== 200 || response.redirected) return null
          if (/no-store|private/i.test(response.headers.get('Cache-Control') ?? '')) return null
          const headers = new Headers(response.headers)
          headers.set(OFFLINE_STAMP_HEADER, new Date().toISOString())
          return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers })
        },
      },
    ],
  }),
)

async function tellPage(clientId: string, keptAt: string) {
  for (let tries = 0; tries < 50; tries++) {
    const page = await worker.clients.get(clientId)
    if (page) return page.postMessage({ type: OFFLINE_MESSAGE, keptAt })
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

// Web push (docs/rules/notifications.md): the payload is `{ title, body, url, tag }`; the tag names the event, so a
// message delivered twice replaces its notification instead of showing a second one. A click opens the page it is
// about (only a page of this app), in the window that already shows it when there is one.
worker.addEventListener('push', (event) => {
  const payload = (event.data?.json() ?? {}) as { title?: string; body?: string; url?: string; tag?: string }
  event.waitUntil(
    worker.registration.showNotification(payload.title ?? 'Task Force HQ', {
      body: payload.body ?? '',
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      data: { url: payload.url ?? '/' },
    }),
  )
})

worker.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = new URL(
    String((event.notification.data as { url?: string } | null)?.url ?? '/'),
    worker.location.origin,
  )
  if (target.origin !== worker.location.origin) return
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((open) => {
      const showing = open.find((client) => new URL(client.url).pathname === target.pathname)
      return showing ? showing.focus() : worker.clients.openWindow(target.href)
    }),
  )
})
