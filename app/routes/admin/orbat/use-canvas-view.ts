import { useCallback, useEffect, useRef } from 'react'
import { useReactFlow, useStoreApi, type FitViewOptions } from '@xyflow/react'
import { useToast } from '#app/ui/toaster.tsx'
import { squadNodeId, type EditorEdge, type EditorNode } from './model.ts'
import type { EditorState } from './reducer.ts'
import { belowToasts, shiftClearOfToasts, TOAST_SETTLE_MS } from './toast-clearance.ts'
import type { EditorDispatch } from './use-editor-store.ts'

// What the editor does with React Flow's viewport and instance: fitting, bringing a card into view, keeping the cards
// being edited clear of toasts, and deleting the selection through React Flow (so the delete confirm and onDelete run
// as for the Delete key). Nothing here runs while the editor shows the list.

/** Editor zoom 0.2 to 1.5. */
export const EDITOR_MIN_ZOOM = 0.2
export const EDITOR_MAX_ZOOM = 1.5
/** More room at the top, where the title and buttons float over the canvas. */
export const FIT_OPTIONS: FitViewOptions<EditorNode> = {
  padding: { top: '72px', right: '24px', bottom: '24px', left: '24px' },
  minZoom: EDITOR_MIN_ZOOM,
  maxZoom: 1,
}

export function useCanvasView({
  active,
  nodeCount,
  notice,
  getState,
  dispatch,
}: {
  /** The diagram is shown (not the list). */
  active: boolean
  nodeCount: number
  /** The last action's notice: a new one may bring a toast over a card being edited. */
  notice: unknown
  getState: () => EditorState
  dispatch: EditorDispatch
}) {
  const toast = useToast()
  const { fitView, setViewport, getViewport, getInternalNode, deleteElements } = useReactFlow<EditorNode, EditorEdge>()
  const store = useStoreApi<EditorNode, EditorEdge>()

  /** Pans and zooms so a card's top sits under the toolbar and any toast, at a readable scale (entering its edit view). */
  const revealCard = useCallback(
    (nodeId: string) => {
      const node = getInternalNode(nodeId)
      if (!node) return
      const { width, height, domNode } = store.getState()
      const zoom = Math.max(getViewport().zoom, Math.min(1, (width - 32) / (node.measured.width ?? 400)))
      const cardWidth = (node.measured.width ?? 400) * zoom
      const x =
        cardWidth <= width - 32
          ? width / 2 - (node.internals.positionAbsolute.x * zoom + cardWidth / 2)
          : 16 - node.internals.positionAbsolute.x * zoom
      const canvasTop = domNode?.getBoundingClientRect().top ?? 0
      const top = Math.max(Math.min(72, height / 4), belowToasts() - canvasTop)
      void setViewport({ x, y: top - node.internals.positionAbsolute.y * zoom, zoom })
    },
    [getInternalNode, getViewport, setViewport, store],
  )

  // The view fits all nodes again whenever their number changes (the first fit is ReactFlow's fitView), except after
  // Add Squad or Duplicate: the new card (in free space, perhaps outside the view) is brought into view instead.
  const shownIds = useRef(new Set(getState().nodes.map((n) => n.id)))
  useEffect(() => {
    const ids = getState().nodes.map((n) => n.id)
    if (shownIds.current.size === ids.length) return
    const added = ids.filter((id) => !shownIds.current.has(id))
    shownIds.current = new Set(ids)
    if (!active) return
    const squad = added.length === 1 && added[0]!.startsWith('squad-') ? added[0]! : null
    // NOTE: a frame later, so React Flow has measured the new card.
    if (squad) requestAnimationFrame(() => revealCard(squad))
    else void fitView(FIT_OPTIONS)
  }, [active, nodeCount, fitView, getState, revealCard])

  /**
   * A toast never covers a card being edited (its name, Duplicate and Delete are at the top): when one lands on a
   * card whose top is in view, the canvas moves down just enough. A card scrolled up past the top is left alone.
   */
  const keepEditedCardsClear = useCallback(() => {
    const { domNode, transform } = store.getState()
    if (!domNode) return
    const canvasTop = domNode.getBoundingClientRect().top
    let shift = 0
    for (const squadId of getState().editing) {
      const card = domNode.querySelector(`.react-flow__node[data-id="${squadNodeId(squadId)}"]`)
      const box = card?.getBoundingClientRect()
      if (box && box.top >= canvasTop) shift = Math.max(shift, shiftClearOfToasts(box))
    }
    if (shift > 0) void setViewport({ x: transform[0], y: transform[1] + shift, zoom: transform[2] }, { duration: 150 })
  }, [getState, setViewport, store])
  useEffect(() => {
    if (!active || !notice) return
    const timer = setTimeout(keepEditedCardsClear, TOAST_SETTLE_MS)
    return () => clearTimeout(timer)
  }, [active, notice, keepEditedCardsClear])

  const toggleEditing = useCallback(
    (squadId: number) => {
      const opening = !getState().editing.has(squadId)
      dispatch({ type: 'toggleEditing', squadId })
      if (opening) revealCard(squadNodeId(squadId))
    },
    [getState, dispatch, revealCard],
  )

  /** The keyboard's Delete for touch screens: selected nodes and connections, through the same confirm and rules. */
  const deleteSelected = useCallback(() => {
    const { nodes, edges } = getState()
    const selectedNodes = nodes.filter((n) => n.selected)
    const selectedEdges = edges.filter((e) => e.selected)
    if (selectedNodes.length === 0 && selectedEdges.length === 0) {
      toast.info('Select a node or a connection first.')
      return
    }
    void deleteElements({ nodes: selectedNodes, edges: selectedEdges })
  }, [getState, deleteElements, toast])

  return { toggleEditing, deleteSelected }
}
