import { useCallback, useMemo, useState, type CSSProperties } from 'react'
import {
  Background,
  BackgroundVariant,
  ConnectionLineType,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  type OnBeforeDelete,
  type OnConnect,
  type OnDelete,
  type OnEdgesChange,
  type OnNodeDrag,
  type OnNodesChange,
} from '@xyflow/react'
import { RevealOnFocus } from '#app/components/orbat/orbat-canvas.tsx'
import type { AssignableMember, OrbatPayload } from '#contracts/orbat.ts'
import type { MenuItem } from './actions-menu.tsx'
import {
  EditorProvider,
  type EditorContextValue,
  type EligibleRoleOption,
  type PlatoonOption,
} from './editor-context.tsx'
import { ListEditor } from './list-editor.tsx'
import { MembersDatalist } from './members-datalist.tsx'
import { parseNodeId, type AllyOption, type EditorEdge, type EditorNode, type EditorSquadNode } from './model.ts'
import { editorNodeTypes } from './nodes.tsx'
import { EditorToolbar, ListActionBar, type EditorView } from './toolbar.tsx'
import { EDITOR_MAX_ZOOM, EDITOR_MIN_ZOOM, FIT_OPTIONS, useCanvasView } from './use-canvas-view.ts'
import { useEditorPersistence, type LoadPreset } from './use-editor-persistence.ts'
import { useEditorStore, type EditorDispatch } from './use-editor-store.ts'
import { askToConfirm } from '#app/ui/confirm.tsx'

// The admin ORBAT editor (docs/rules/orbat.md, the editor): every change is local until Save ORBAT. The state and its
// changes are reducer.ts; the server round trips use-editor-persistence.ts; this file renders them, as the diagram or
// as the list (list-editor.tsx, the default on a phone).

/** Below `md` (48rem) the diagram is too small to touch: the editor opens as a list there. */
const WIDE_ENOUGH_FOR_DIAGRAM = '(min-width: 48rem)'

interface OrbatEditorProps {
  initial: OrbatPayload
  roles: EligibleRoleOption[]
  platoons: PlatoonOption[]
  allies: AllyOption[]
  members: AssignableMember[]
  /** A preset to load once on mount (`/admin/orbat?preset=ID`); `onPresetConsumed` then drops it from the URL. */
  presetId: number | null
  onPresetConsumed: () => void
  /** Opens the settings panel (the Manage button), handing it the editor's preset loader. */
  onManage: (loadPreset: LoadPreset) => void
  /** Called after a save, to refresh the page's other data (roles, platoons). */
  onSaved: () => void
}

export function OrbatEditor(props: OrbatEditorProps) {
  return (
    <ReactFlowProvider>
      <EditorCanvas {...props} />
    </ReactFlowProvider>
  )
}

function EditorCanvas({
  initial,
  roles,
  platoons,
  allies,
  members,
  presetId,
  onPresetConsumed,
  onManage,
  onSaved,
}: OrbatEditorProps) {
  const { state, dispatch, getState } = useEditorStore(initial)
  // NOTE: the editor mounts after hydration only (route.tsx), so the screen's width is known here.
  const [view, setView] = useState<EditorView>(() =>
    window.matchMedia(WIDE_ENOUGH_FOR_DIAGRAM).matches ? 'diagram' : 'list',
  )
  const { saving, save, discard, undo, loadPreset } = useEditorPersistence({
    dirty: state.dirty,
    getState,
    dispatch,
    presetId,
    onPresetConsumed,
    onSaved,
  })
  const { toggleEditing, deleteSelected } = useCanvasView({
    active: view === 'diagram',
    nodeCount: state.nodes.length,
    notice: state.notice,
    getState,
    dispatch,
  })
  const flow = useFlowHandlers(dispatch)

  // The squads that exist, as a stable set while nodes only move (the cards and pax counters read it).
  const squadIdKey = state.nodes
    .filter((n) => n.type === 'squad')
    .map((n) => n.id)
    .join(',')
  const squadIds = useMemo(
    () => new Set(squadIdKey ? squadIdKey.split(',').map((id) => parseNodeId(id)?.id ?? 0) : []),
    [squadIdKey],
  )
  const editor = useMemo<EditorContextValue>(
    () => ({
      slots: state.slots,
      squadIds,
      editing: state.editing,
      roles,
      platoons,
      allies,
      members,
      defaultLock: roles[0]?.role_name ?? null,
      dispatch,
      toggleEditing,
    }),
    [state.slots, squadIds, state.editing, roles, platoons, allies, members, dispatch, toggleEditing],
  )

  const addSquad: MenuItem = {
    kind: 'button',
    label: 'Add Squad',
    onSelect: () => dispatch({ type: 'addSquad', lock: editor.defaultLock }),
  }
  // The list has no layout: waypoints, pax counters and selections are the diagram's.
  const layoutItems: MenuItem[] = [
    { kind: 'button', label: 'Add Waypoint', onSelect: () => dispatch({ type: 'addPoint', kind: 'waypoint' }) },
    { kind: 'button', label: 'Add Pax Counter', onSelect: () => dispatch({ type: 'addPoint', kind: 'pax' }) },
    { kind: 'button', label: 'Delete Selected', onSelect: deleteSelected },
  ]
  const menu: MenuItem[] = [
    addSquad,
    ...(view === 'diagram' ? layoutItems : []),
    { kind: 'separator' },
    { kind: 'button', label: 'Manage', onSelect: () => onManage(loadPreset) },
    { kind: 'button', label: 'Discard Changes', onSelect: () => void discard(), tone: 'danger' },
    { kind: 'link', label: 'History', to: '/admin/orbat/history' },
    { kind: 'separator' },
    { kind: 'link', label: 'Import from mission file', to: '/admin/orbat/mission#import' },
    { kind: 'link', label: 'Export to mission file', to: '/admin/orbat/mission#export' },
    { kind: 'separator' },
    { kind: 'link', label: 'Back to Admin Hub', to: '/admin' },
  ]

  const bar = {
    dirty: state.dirty,
    changes: state.changes,
    saving,
    onSave: () => void save(),
    onUndo: () => void undo(),
    menu,
  }

  if (view === 'list') {
    return (
      <EditorProvider value={editor}>
        <div
          className="flex h-full w-full flex-col"
          data-testid="orbat-editor"
          data-dirty={state.dirty}
          data-view="list"
        >
          <ListEditor nodes={state.nodes} editor={editor} dirty={state.dirty} notice={state.notice} onView={setView} />
          <ListActionBar {...bar} />
        </div>
        <MembersDatalist members={members} />
      </EditorProvider>
    )
  }

  return (
    <EditorProvider value={editor}>
      <div
        className="orbat-canvas h-full w-full"
        data-testid="orbat-editor"
        data-dirty={state.dirty}
        data-view="diagram"
      >
        <ReactFlow<EditorNode, EditorEdge>
          nodes={state.nodes}
          edges={state.edges}
          nodeTypes={editorNodeTypes}
          {...flow}
          defaultEdgeOptions={{ type: 'smoothstep' }}
          connectionLineType={ConnectionLineType.SmoothStep}
          fitView
          fitViewOptions={FIT_OPTIONS}
          minZoom={EDITOR_MIN_ZOOM}
          maxZoom={EDITOR_MAX_ZOOM}
          deleteKeyCode={['Backspace', 'Delete']}
          colorMode="dark"
          aria-label="ORBAT editor diagram"
          className="orbat-flow orbat-editor-flow"
          style={
            {
              '--xy-edge-stroke-selected': 'var(--color-brand-400)',
              '--xy-connectionline-stroke': 'var(--color-brand-400)',
            } as CSSProperties
          }
        >
          <RevealOnFocus />
          <Background variant={BackgroundVariant.Dots} gap={20} size={1.25} color="#3f3f46" />
          <Controls showInteractive={false} fitViewOptions={FIT_OPTIONS} position="bottom-left" />
        </ReactFlow>
      </div>
      <MembersDatalist members={members} />
      <EditorToolbar {...bar} view={view} onView={setView} />
    </EditorProvider>
  )
}

/** React Flow's events as reducer actions; deleting squads (the Delete key too) asks first (docs/rules/ui.md). */
function useFlowHandlers(dispatch: EditorDispatch) {
  const onNodesChange = useCallback<OnNodesChange<EditorNode>>(
    (changes) => void dispatch({ type: 'nodesChange', changes }),
    [dispatch],
  )
  const onEdgesChange = useCallback<OnEdgesChange<EditorEdge>>(
    (changes) => void dispatch({ type: 'edgesChange', changes }),
    [dispatch],
  )
  const onConnect = useCallback<OnConnect>((connection) => void dispatch({ type: 'connect', connection }), [dispatch])
  const onDelete = useCallback<OnDelete<EditorNode, EditorEdge>>(
    ({ nodes, edges }) => void dispatch({ type: 'deleted', nodes, edges }),
    [dispatch],
  )
  const onNodeDragStart = useCallback<OnNodeDrag<EditorNode>>(
    (_event, node, dragged) => void dispatch({ type: 'dragStart', nodeId: node.id, dragged }),
    [dispatch],
  )
  const onNodeDragStop = useCallback<OnNodeDrag<EditorNode>>(
    (_event, _node, dragged) => void dispatch({ type: 'dragStop', dragged }),
    [dispatch],
  )
  const onBeforeDelete = useCallback<OnBeforeDelete<EditorNode, EditorEdge>>(async ({ nodes }) => {
    const squads = nodes.filter((n): n is EditorSquadNode => n.type === 'squad')
    if (squads.length === 0) return true
    const names = squads.map((n) => `"${n.data.squad.name}"`).join(', ')
    return askToConfirm(
      squads.length === 1
        ? `Are you sure you want to delete the squad ${names} and all its slots?`
        : `Are you sure you want to delete the squads ${names} and all their slots?`,
    )
  }, [])
  return { onNodesChange, onEdgesChange, onConnect, onBeforeDelete, onDelete, onNodeDragStart, onNodeDragStop }
}
