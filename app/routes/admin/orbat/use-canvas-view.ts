import { useCallback, useEffect, useRef } from 'react'
import { useReactFlow, useStoreApi, type FitViewOptions } from '@xyflow/react'
import { useToast } from '#app/ui/toaster.tsx'
import { squadNodeId, type EditorEdge, type EditorNode } from './model.ts'
import type { EditorState } from './reducer.ts'
import type { EditorDispatch } from './use-editor-store.ts'

// What the editor does with React Flow's viewport and instance: fitting, bringing a card into view, and deleting the
// selection through React Flow (so the delete confirm and onDelete run as for the Delete key).

/** Spec 1 §9: editor zoom 0.2 to 1.5. */
export const EDITOR_MIN_ZOOM = 0.2
export const EDITOR_MAX_ZOOM = 1.5
/** More room at the top, where the title and buttons float over the canvas. */
export const FIT_OPTIONS: FitViewOptions<EditorNode> = {
  padding: { top: '72px', right: '24px', bottom: '24px', left: '24px' },
  minZoom: EDITOR_MIN_ZOOM,
  maxZoom: 1,
}

export function useCanvasView({ nodeCount, getState, dispatch }: { nodeCount: number; getState: () => EditorState; dispatch: EditorDispatch }) {
  const toast = useToast()
  const { fitView, setViewport, getViewport, getInternalNode, deleteElements } = useReactFlow<EditorNode, EditorEdge>()
  const store = useStoreApi<EditorNode, EditorEdge>()

  // Spec 1 §2: the view fits all nodes again whenever their number changes (the first fit is ReactFlow's fitView).
  const fittedCount = useRef(nodeCount)
  useEffect(() => {
    if (fittedCount.current === nodeCount) return
    fittedCount.current = nodeCount
    void fitView(FIT_OPTIONS)
  }, [nodeCount, fitView])

  /** Pans and zooms so a card's top sits under the toolbar at a readable scale (entering its edit view). */
  const revealCard = useCallback(
    (nodeId: string) => {
      const node = getInternalNode(nodeId)
      if (!node) return
      const { width, height } = store.getState()
      const zoom = Math.max(getViewport().zoom, Math.min(1, (width - 32) / (node.measured.width ?? 400)))
      const cardWidth = (node.measured.width ?? 400) * zoom
      const x = cardWidth <= width - 32 ? width / 2 - (node.internals.positionAbsolute.x * zoom + cardWidth / 2) : 16 - node.internals.positionAbsolute.x * zoom
      void setViewport({ x, y: Math.min(72, height / 4) - node.internals.positionAbsolute.y * zoom, zoom })
    },
    [getInternalNode, getViewport, setViewport, store],
  )

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
