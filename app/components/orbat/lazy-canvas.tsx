import { lazy, Suspense } from 'react'
import type { OrbatPayload } from '#contracts/orbat.ts'
import type { OrbatCanvas as Canvas } from './orbat-canvas.tsx'

// The diagram (React Flow) is a chunk of its own, loaded only where a diagram shows: a page rendered as the list
// (a phone's default) never downloads it.

let loaded: typeof Canvas | null = null
const load = () => import('./orbat-canvas.tsx').then((module) => (loaded = module.OrbatCanvas))
const LazyCanvas = lazy(() => load().then((OrbatCanvas) => ({ default: OrbatCanvas })))

/** Marks the element around a server-rendered diagram, so the browser loads the code before it hydrates. */
export const DIAGRAM_MARK = 'data-orbat-diagram'

// NOTE: the server, and a page whose HTML holds a diagram, need the code before the first render: hydrating while
// it loads would make React throw the server's diagram away and draw it again (a jump). Module scripts run after
// the document is parsed, so the mark is there to find.
if (typeof document === 'undefined' || document.querySelector(`[${DIAGRAM_MARK}]`)) await load().catch(() => null)

export function OrbatDiagram({ orbat }: { orbat: OrbatPayload }) {
  if (loaded) {
    const OrbatCanvas = loaded
    return <OrbatCanvas orbat={orbat} />
  }
  return (
    <Suspense fallback={<p className="grid h-full place-items-center text-sm text-zinc-400">Loading the diagram…</p>}>
      <LazyCanvas orbat={orbat} />
    </Suspense>
  )
}
