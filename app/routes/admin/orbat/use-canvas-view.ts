import { useCallback, useEffect, useRef } from 'react'
import { useReactFlow, useStoreApi, type FitViewOptions } from '@xyflow/react'
import { useToast } from '#app/ui/toaster.tsx'
import { squadNodeId, type EditorEdge, type EditorNode } from './model.ts'
import type { EditorState } from './reducer.ts'
import type { EditorDispatch } from './use-editor-store.ts'

// What the editor does with React Flow's viewport and instance: fitting, bringing a card into view, and deleting the
// selection through React Flow (so the delete confirm and onDelete run as for the Delete key).

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
  nodeCount,
  getState,
  dispatch,
}: {
  nodeCount: number
  getState: () => EditorState
  dispatch: EditorDispatch
}) {
  const toast = useToast()
  const { fitView, setViewport, getViewport, getInternalNode, deleteElements } = useReactFlow<EditorNode, EditorEdge>()
  const store = useStoreApi<EditorNode, EditorEdge>()

  /** Pans and zooms so a card's top sits under the toolbar at a readable scale (entering its edit view). */
  const revealCard = useCallback(
    (nodeId: string) => {
      const node = getInternalNode(nodeId)
      if (!node) return
      const { width, height } = store.getState()
      const zoom = Math.max(getViewport().zoom, Math.min(1, (width - 32) / (node.measured.width ?? 400)))
      const cardWidth = (node.measured.width ?? 400) * zoom
      const x =
        cardWidth <= width - 32
          ? width / 2 - (node.internals.positionAbsolute.x * zoom + cardWidth / 2)
          : 16 - node.internals.positionAbsolute.x * zoom
      void setViewport({ x, y: Math.min(72, height / 4) - node.internals.positionAbsolute.y * zoom, zoom })
    },
    [getInternalNode, getViewport, setViewport, store],
  )

  // The view fits all nodes again whenever their number changes (the first fit is ReactFlow's fitView), except after
  // Add Squad or Duplicate: the new card (at 200,200, perhaps under others) is brought into view instead.
  const shownIds = useRef(new Set(getState().nodes.map((n) => n.id)))
  useEffect(() => {
    const ids = getState().nodes.map((n) => n.id)
    if (shownIds.current.size === ids.length) return
    const added = ids.filter((id) => !shownIds.current.has(id))
    shownIds.current = new Set(ids)
    const squad = added.length === 1 && added[0]!.startsWith('squad-') ? added[0]! : null
    // NOTE: a frame later, so React Flow has measured the new card.
    if (squad) requestAnimationFrame(() => revealCard(squad))
    else void fitView(FIT_OPTIONS)
  }, [nodeCount, fitView, getState, revealCard])

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
