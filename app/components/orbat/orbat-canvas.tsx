import { useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react'
import {
  Background,
  BackgroundVariant,
  Controls,
  ReactFlow,
  useReactFlow,
  useStore,
  useStoreApi,
  type ReactFlowState,
} from '@xyflow/react'
import {
  buildEdges,
  buildNodes,
  CARD_WIDTH,
  FIRST_VIEW_MIN_ZOOM,
  FIT_MAX_ZOOM,
  FIT_PADDING,
  FIT_PADDING_TOP,
  FIT_VIEW_OPTIONS,
  firstViewport,
  MAX_ZOOM,
  MIN_ZOOM,
  nodeBounds,
  NOMINAL_CANVAS,
} from './layout.ts'
import { nodeTypes } from './nodes.tsx'
import type { OrbatPayload } from '#contracts/orbat.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useT } from '#app/ui/i18n.tsx'

/**
 * The read-only diagram (no dragging, no connecting: only the editor changes the layout; pan and zoom allowed, touch
 * too).
 *
 * Server render and hydration: React Flow renders the nodes on the server because each has an explicit size and
 * explicit handle boxes (layout.ts). The server cannot know the reader's screen, so the first view (layout.ts
 * `firstViewport`: fitted, but never below a readable zoom) is placed by CSS instead (`.orbat-prefit` in diagram.css):
 * the same arithmetic, from the container's size (container query units) and the node bounds for both card widths
 * (custom properties set here). After hydration the handles are measured in the DOM, the first view is set in
 * React Flow, and only then is the CSS placement removed; both give the same transform, so nothing moves. (A
 * client-side navigation has no server markup to match: the handles are measured from the first render.)
 */
export function OrbatCanvas({ orbat }: { orbat: OrbatPayload }) {
  const hydrated = useHydrated()
  const [prefit, setPrefit] = useState(true)
  const endPrefit = useCallback(() => setPrefit(false), [])

  const nodes = useMemo(() => buildNodes(orbat, { explicitHandles: !hydrated }), [orbat, hydrated])
  const edges = useMemo(() => buildEdges(orbat, nodes), [orbat, nodes])
  const fitVars = useMemo(() => prefitVariables(nodes), [nodes])
  const t = useT('orbat')
  // What browsers without the CSS placement's features show until hydration: the first view on a nominal canvas.
  const nominalView = useMemo(() => {
    const bounds = nodeBounds(nodes, CARD_WIDTH.lg)
    return bounds ? firstViewport(bounds, NOMINAL_CANVAS.width, NOMINAL_CANVAS.height) : undefined
  }, [nodes])

  if (nodes.length === 0) {
    return (
      <div className="grid h-full place-items-center px-6 text-center text-zinc-400">
        <p>{t('list.empty')}</p>
      </div>
    )
  }

  return (
    <div className={`orbat-canvas h-full w-full ${prefit ? 'orbat-prefit' : ''}`} style={fitVars}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        width={NOMINAL_CANVAS.width}
        height={NOMINAL_CANVAS.height}
        defaultViewport={nominalView}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        colorMode="dark"
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        zoomOnDoubleClick
        panOnDrag
        zoomOnPinch
        zoomOnScroll
        deleteKeyCode={null}
        selectionKeyCode={null}
        multiSelectionKeyCode={null}
        aria-label={t('diagram.label')}
        className="orbat-flow"
      >
        <FitAfterHydration enabled={hydrated && prefit} onDone={endPrefit} />
        <RevealOnFocus />
        {prefit ? null : <Background variant={BackgroundVariant.Dots} gap={24} size={1.25} color="#3f3f46" />}
        <Controls showInteractive={false} fitViewOptions={FIT_VIEW_OPTIONS} position="bottom-left" />
      </ReactFlow>
    </div>
  )
}

/** The node bounds for both card widths and the first view's constants, for the CSS placement. */
function prefitVariables(nodes: ReturnType<typeof buildNodes>): CSSProperties {
  const sm = nodeBounds(nodes, CARD_WIDTH.sm)
  const lg = nodeBounds(nodes, CARD_WIDTH.lg)
  if (!sm || !lg) return {}
  return {
    '--orbat-fit-pad': FIT_PADDING,
    '--orbat-fit-pad-top': FIT_PADDING_TOP,
    '--orbat-fit-min': FIRST_VIEW_MIN_ZOOM,
    '--orbat-fit-max': FIT_MAX_ZOOM,
    '--orbat-bx-sm': sm.x,
    '--orbat-by-sm': sm.y,
    '--orbat-bw-sm': sm.width,
    '--orbat-bh-sm': sm.height,
    '--orbat-bx-lg': lg.x,
    '--orbat-by-lg': lg.y,
    '--orbat-bw-lg': lg.width,
    '--orbat-bh-lg': lg.height,
  } as CSSProperties
}

const measuredSelector = (s: ReactFlowState) => {
  if (!s.panZoom || s.width === 0 || s.height === 0 || s.nodeLookup.size === 0) return false
  for (const node of s.nodeLookup.values()) {
    if (!node.measured.width || !node.measured.height || !node.internals.handleBounds) return false
  }
  return true
}

/**
 * Once every node is measured in the browser: apply the first view, then drop the CSS placement (same transform).
 * NOTE: computed and set directly rather than through `fitView()`, whose promise only settles via a node update a
 * controlled, read-only flow like this one may never make (and which knows no minimum for the first view only).
 */
function FitAfterHydration({ enabled, onDone }: { enabled: boolean; onDone: () => void }) {
  const measured = useStore(measuredSelector)
  const store = useStoreApi()
  const { getNodesBounds, setViewport } = useReactFlow()
  useEffect(() => {
    if (!enabled || !measured) return
    const { width, height, nodeLookup } = store.getState()
    const bounds = getNodesBounds([...nodeLookup.keys()])
    let cancelled = false
    void setViewport(firstViewport(bounds, width, height)).then(() => {
      if (!cancelled) onDone()
    })
    return () => {
      cancelled = true
    }
  }, [enabled, measured, store, getNodesBounds, setViewport, onDone])
  return null
}

/**
 * Keyboard users tab through the buttons on the cards (and the admin editor's fields); pan so the focused one is in
 * view (the canvas clips everything outside it), and zoom in to a readable scale when the whole ORBAT is fitted small.
 */
export function RevealOnFocus() {
  const domNode = useStore((s) => s.domNode)
  const { getViewport, setViewport } = useReactFlow()
  useEffect(() => {
    if (!domNode) return
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target
      if (!(target instanceof HTMLElement) || !target.closest('.react-flow__node') || !target.matches(':focus-visible'))
        return
      const container = domNode.getBoundingClientRect()
      const rect = target.getBoundingClientRect()
      const viewport = getViewport()
      if (viewport.zoom < 0.75) {
        // Zoom to a readable scale around the focused control, keeping its whole card in view across when it fits.
        const zoom = 1
        const card = target.closest('.react-flow__node')!.getBoundingClientRect()
        const toWorldX = (screenX: number) => (screenX - container.left - viewport.x) / viewport.zoom
        const toWorldY = (screenY: number) => (screenY - container.top - viewport.y) / viewport.zoom
        const cardWidth = card.width / viewport.zoom
        const centreX =
          cardWidth <= container.width - 32 ? toWorldX(card.left) + cardWidth / 2 : toWorldX(rect.left + rect.width / 2)
        const centreY = toWorldY(rect.top + rect.height / 2)
        void setViewport(
          { x: container.width / 2 - centreX * zoom, y: container.height / 2 - centreY * zoom, zoom },
          { duration: 200 },
        )
        return
      }
      const margin = 24
      let dx = 0
      let dy = 0
      if (rect.left < container.left + margin) dx = container.left + margin - rect.left
      else if (rect.right > container.right - margin) dx = container.right - margin - rect.right
      if (rect.top < container.top + margin) dy = container.top + margin - rect.top
      else if (rect.bottom > container.bottom - margin) dy = container.bottom - margin - rect.bottom
      if (dx || dy) void setViewport({ x: viewport.x + dx, y: viewport.y + dy, zoom: viewport.zoom }, { duration: 200 })
    }
    domNode.addEventListener('focusin', onFocusIn)
    return () => domNode.removeEventListener('focusin', onFocusIn)
  }, [domNode, getViewport, setViewport])
  return null
}
