// Shared by the service worker (sw/service-worker.ts) and the page's offline mark (app/ui/service-worker.tsx).

/** The pages kept as last seen for offline use: nobody else's, no admin page (docs/decisions/044-*.md). */
export const OFFLINE_PAGES: readonly string[] = ['/orbat', '/trainings', '/library']
export const OFFLINE_PAGES_CACHE = 'tfhq-pages'
/** When a kept page was stored (an ISO instant), on the kept response. */
export const OFFLINE_STAMP_HEADER = 'x-kept-at'
/** The worker's message to a page it served from the kept copy: `{ type, keptAt }`. */
export const OFFLINE_MESSAGE = 'served-offline'
