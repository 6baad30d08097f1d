import { lazy, Suspense, use } from 'react'
import type { OrbatPayload } from '#contracts/orbat.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import type { OrbatCanvas as Canvas } from './orbat-canvas.tsx'

// The diagram (React Flow) is a chunk of its own, loaded only where a diagram shows: a page rendered as the list
// (a phone's default) never downloads it.

let loaded: typeof Canvas | null = null
const load = () => import('./orbat-canvas.tsx').then((module) => (loaded = module.OrbatCanvas))
const LazyCanvas = lazy(() => load().then((OrbatCanvas) => ({ default: OrbatCanvas })))

/** Marks the element around a server-rendered diagram, so the browser loads the code before it hydrates. */
export const DIAGRAM_MARK = 'data-orbat-diagram'

// NOTE: the server, and a page whose HTML shows a diagram, need the code before the first render: hydrating while
// it loads would make React throw the server's diagram away and draw it again (a jump). Module scripts run after
// the document is parsed and its stylesheets applied, so the mark is there to find and its visibility is known: a
// phone with no view chosen gets both views and CSS hides the diagram, which the page drops once hydrated.
const serverDiagramShown = () =>
  Array.from(document.querySelectorAll(`[${DIAGRAM_MARK}]`)).some((element) => element.getClientRects().length > 0)
if (typeof document === 'undefined' || serverDiagramShown()) await load().catch(() => null)

/** Suspends for good: a hidden server diagram keeps its HTML through hydration without fetching the code. */
const NEVER = new Promise<never>(() => {})
function HiddenServerDiagram(): null {
  use(NEVER)
  return null
}

export function OrbatDiagram({ orbat }: { orbat: OrbatPayload }) {
  const hydrated = useHydrated()
  const OrbatCanvas = loaded
  // One boundary in the server render too, so that a phone can leave the hidden server diagram dehydrated.
  return (
    <Suspense fallback={<p className="grid h-full place-items-center text-sm text-zinc-400">Loading the diagram…</p>}>
      {OrbatCanvas ? <OrbatCanvas orbat={orbat} /> : hydrated ? <LazyCanvas orbat={orbat} /> : <HiddenServerDiagram />}
    </Suspense>
  )
}
