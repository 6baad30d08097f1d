import type { Rollup } from 'vite'

// Every page loads the browser entry and the root route with all they import: React, React Router, the top bar, the
// toaster, the sheet and the UI kit's pieces they use. Left to itself Rollup cuts that set into a dozen 1-2 kB chunks
// along the lines other routes share, and each page head then lists twenty modulepreloads; a phone on HTTP/1.1
// fetches six files at a time from one host, so the page waits on rounds of requests for code it always needs.
// This puts exactly that set in one chunk: no page loads a byte more than before, and none of it twice.

const ROOT_ROUTE = /\/app\/root\.tsx(\?|$)/
const ENTRY = /\/react-router\/dist\/.*entry\.client|\/app\/entry\.client\.tsx$|virtual:react-router\/.*entry/

function staticClosure(starts: string[], meta: Rollup.ManualChunkMeta): Set<string> {
  const seen = new Set<string>()
  const queue = [...starts]
  while (queue.length) {
    const id = queue.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    queue.push(...(meta.getModuleInfo(id)?.importedIds ?? []))
  }
  return seen
}

/** Rollup's manualChunks for the browser build: what every page loads, in one chunk named `shared`. */
export function sharedChunk(): Rollup.GetManualChunk {
  let shared: Set<string> | null = null
  return (id, meta) => {
    if (!shared) {
      const ids = [...meta.getModuleIds()]
      const starts = ids.filter((moduleId) => ROOT_ROUTE.test(moduleId) || ENTRY.test(moduleId))
      shared = staticClosure(starts, meta)
      // Route modules stay entries of their own (React Router loads each by its file).
      for (const start of starts) shared.delete(start)
    }
    return shared.has(id) ? 'shared' : undefined
  }
}
