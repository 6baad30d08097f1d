import { lazy, Suspense, type CSSProperties } from 'react'
import type { OrbatPayload } from '#contracts/orbat.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useT } from '#app/ui/i18n.tsx'
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
// the document is parsed and its stylesheets applied, so the mark is there to find and whether it shows is known.
// A phone with no view chosen gets both views and CSS hides the diagram, which the page drops once hydrated: there
// the server's diagram is kept as it is through hydration (its HTML handed back to React), without the code.
let hiddenServerDiagram: { className: string; style: CSSProperties; html: string } | null = null
if (typeof document === 'undefined') await load()
else {
  const marked = Array.from(document.querySelectorAll(`[${DIAGRAM_MARK}]`))
  if (marked.some((element) => element.getClientRects().length > 0)) await load().catch(() => null)
  else {
    const canvas = marked[0]?.firstElementChild
    if (canvas instanceof HTMLElement)
      hiddenServerDiagram = { className: canvas.className, style: styleOf(canvas), html: canvas.innerHTML }
  }
}

/** An element's inline style as React's style prop (the canvas sets custom properties). */
function styleOf(element: HTMLElement): CSSProperties {
  const style = element.style
  const camel = (name: string) =>
    name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
  return Object.fromEntries(Array.from(style, (name) => [camel(name), style.getPropertyValue(name)]))
}

export function OrbatDiagram({ orbat }: { orbat: OrbatPayload }) {
  const hydrated = useHydrated()
  const t = useT('orbat.diagram')
  if (loaded) {
    const OrbatCanvas = loaded
    return <OrbatCanvas orbat={orbat} />
  }
  if (!hydrated && hiddenServerDiagram) {
    const { className, style, html } = hiddenServerDiagram
    return <div className={className} style={style} dangerouslySetInnerHTML={{ __html: html }} />
  }
  return (
    <Suspense fallback={<p className="grid h-full place-items-center text-sm text-zinc-400">{t('loading')}</p>}>
      <LazyCanvas orbat={orbat} />
    </Suspense>
  )
}
