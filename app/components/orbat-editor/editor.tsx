import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react'
import {
  addEdge,
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  BackgroundVariant,
  ConnectionLineType,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useStoreApi,
  type Connection,
  type EdgeChange,
  type FitViewOptions,
  type NodeChange,
  type OnBeforeDelete,
  type OnDelete,
  type OnNodeDrag,
} from '@xyflow/react'
import { useBlocker } from 'react-router'
import { RevealOnFocus } from '#app/components/orbat/orbat-canvas.tsx'
import type { OrbatPayload, OrbatSquad } from '#app/components/orbat/types.ts'
import { useToast } from '#app/ui/toaster.tsx'
import { ActionsMenu, type MenuItem } from './actions-menu.tsx'
import { EditorProvider, MEMBERS_DATALIST_ID, type EditorApi, type EligibleRoleOption, type PlatoonOption } from './editor-context.tsx'
import {
  DEFAULT_ROLE,
  DEFAULT_TEAM,
  DUPLICATE_OFFSET,
  lowestId,
  moveSlot as moveSlotIn,
  moveTeam as moveTeamIn,
  NEW_NODE_POSITION,
  newSlot,
  parseNodeId,
  pointNode,
  POINT_GRID,
  reconnectAcrossWaypoints,
  spacerRole,
  SQUAD_GRID,
  squadNodeId,
  squadsOf,
  teamsOf,
  toEditorState,
  toSavePayload,
  baseSlotsOf,
  uniqueName,
  type EditorEdge,
  type EditorNode,
  type EditorSlot,
  type EditorSquadNode,
  type EditorState,
} from './model.ts'
import { editorNodeTypes } from './nodes.tsx'

// The admin ORBAT editor (spec 1 §2 "Admin ORBAT editor", §4): every change is local until Save ORBAT, which sends
// the whole diagram to PUT /api/admin/orbat/save; Discard Changes and a save's answer reload it from the server.

/** Spec 1 §9: editor zoom 0.2 to 1.5. */
export const EDITOR_MIN_ZOOM = 0.2
export const EDITOR_MAX_ZOOM = 1.5
/** More room at the top, where the title and buttons float over the canvas. */
const FIT_OPTIONS: FitViewOptions<EditorNode> = { padding: { top: '72px', right: '24px', bottom: '24px', left: '24px' }, minZoom: EDITOR_MIN_ZOOM, maxZoom: 1 }

export const SAVE_URL = '/api/admin/orbat/save'
const ORBAT_URL = '/api/orbat'
const ROSTER_URL = '/api/roster?limit=9999'
const presetLoadUrl = (id: number) => `/api/admin/orbat/presets/${id}/load`

/** A preset as POST /api/admin/orbat/presets/{id}/load answers it (the GET /api/orbat shape, negative ids). */
export type LoadedPresetPayload = OrbatPayload & { id?: number; name?: string }
/** Loads a preset into the editor: its id (fetched here) or the payload the settings panel already fetched. */
export type LoadPreset = (preset: number | LoadedPresetPayload) => Promise<void>

interface RosterMember {
  id: number
  ingame_name: string
}

export interface OrbatEditorProps {
  initial: OrbatPayload
  roles: EligibleRoleOption[]
  platoons: PlatoonOption[]
  /** A preset to load once on mount (`/admin/orbat?preset=ID`); `onPresetConsumed` then drops it from the URL. */
  presetId: number | null
  onPresetConsumed: () => void
  /** Opens the settings panel (spec 1 §2 "Manage"), handing it the editor's preset loader. */
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

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  if (!response.headers.get('content-type')?.includes('application/json')) return null
  return (await response.json().catch(() => null)) as Record<string, unknown> | null
}

async function requestJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { cache: 'no-store', ...init, headers: { Accept: 'application/json', ...init.headers } })
  const body = await readJson(response)
  if (!response.ok) {
    const error = typeof body?.error === 'string' && body.error ? body.error : `${url} answered ${response.status}`
    throw new Error(error)
  }
  if (!body) throw new Error(`${url} did not answer JSON (${response.status})`)
  return body as T
}

function EditorCanvas({ initial, roles, platoons, presetId, onPresetConsumed, onManage, onSaved }: OrbatEditorProps) {
  const toast = useToast()
  const { fitView, setViewport, getViewport, getInternalNode, deleteElements } = useReactFlow<EditorNode, EditorEdge>()
  const store = useStoreApi<EditorNode, EditorEdge>()

  const [start] = useState(() => toEditorState(initial))
  // What the server last showed (initial load, a save's answer, Discard): the save's base, so it can tell a member's
  // sign-up made meanwhile from a member the admin removed. A loaded preset does not change it.
  const baseSlots = useRef(baseSlotsOf(initial))
  const [nodes, setNodes] = useState<EditorNode[]>(start.nodes)
  const [edges, setEdges] = useState<EditorEdge[]>(start.edges)
  const [slots, setSlots] = useState<EditorSlot[]>(start.slots)
  const [editing, setEditing] = useState<ReadonlySet<number>>(() => new Set())
  const [dirty, setDirty] = useState(false)
  const [saving, setSaving] = useState(false)
  const [members, setMembers] = useState<RosterMember[]>([])

  // The latest state for callbacks that must not change identity on every drag frame.
  const current = useRef<EditorState>({ nodes, edges, slots })
  current.current = { nodes, edges, slots }
  const nextTempId = useRef(lowestId(start) - 1)
  const tempId = useCallback(() => nextTempId.current--, [])
  const rolesRef = useRef(roles)
  rolesRef.current = roles
  /** Spec 1 §4: a new slot's lock defaults to the first eligible role. */
  const defaultLock = () => rolesRef.current[0]?.role_name ?? null

  /** Marks a local-only change (spec 1 §4: info toasts say it needs a save). */
  const note = useCallback(
    (what: string) => {
      setDirty(true)
      toast.info(`${what} (requires save to persist).`)
    },
    [toast],
  )

  const replaceState = useCallback((payload: OrbatPayload, { dirty: isDirty }: { dirty: boolean }) => {
    const next = toEditorState(payload)
    if (!isDirty) baseSlots.current = baseSlotsOf(payload)
    setNodes(next.nodes)
    setEdges(next.edges)
    setSlots(next.slots)
    setEditing(new Set())
    nextTempId.current = lowestId(next) - 1
    setDirty(isDirty)
  }, [])

  // The roster names for the Assigned fields' autocomplete.
  useEffect(() => {
    let cancelled = false
    requestJson<{ members?: RosterMember[] }>(ROSTER_URL)
      .then((body) => !cancelled && setMembers(Array.isArray(body.members) ? body.members : []))
      .catch((error: Error) => !cancelled && toast.error(`Could not load roster members: ${error.message}`))
    return () => {
      cancelled = true
    }
  }, [toast])

  // Spec 1 §2: the view fits all nodes again whenever their number changes (the first fit is ReactFlow's fitView).
  const nodeCount = nodes.length
  const fittedCount = useRef(nodeCount)
  useEffect(() => {
    if (fittedCount.current === nodeCount) return
    fittedCount.current = nodeCount
    void fitView(FIT_OPTIONS)
  }, [nodeCount, fitView])

  // ---- squads ----------------------------------------------------------------------------------------------------

  const updateSquad = useCallback((squadId: number, patch: Partial<OrbatSquad>) => {
    setNodes((list) =>
      list.map((n) => (n.type === 'squad' && n.data.squad.id === squadId ? { ...n, data: { ...n.data, squad: { ...n.data.squad, ...patch } } } : n)),
    )
  }, [])

  const squadName = (squadId: number) => squadsOf(current.current.nodes).find((s) => s.id === squadId)?.name ?? 'squad'

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

  const editingRef = useRef(editing)
  editingRef.current = editing
  const toggleEditing = useCallback(
    (squadId: number) => {
      setEditing((set) => {
        const next = new Set(set)
        if (next.has(squadId)) next.delete(squadId)
        else next.add(squadId)
        return next
      })
      if (!editingRef.current.has(squadId)) revealCard(squadNodeId(squadId))
    },
    [revealCard],
  )

  const frontZ = () => current.current.nodes.reduce((z, n) => Math.max(z, n.zIndex ?? 0), 0) + 1

  const addSquad = () => {
    const id = tempId()
    const name = uniqueName('New Squad', squadsOf(current.current.nodes).map((s) => s.name))
    const node: EditorSquadNode = {
      id: squadNodeId(id),
      type: 'squad',
      position: { ...NEW_NODE_POSITION },
      zIndex: frontZ(),
      data: { squad: { id, name, pos_x: NEW_NODE_POSITION.x, pos_y: NEW_NODE_POSITION.y, can_be_primary_waitlist: false, platoon_id: null, discord_channel_id: null } },
    }
    setNodes((list) => [...list, node])
    setSlots((list) => [...list, newSlot(tempId(), id, DEFAULT_TEAM, 0, 0, DEFAULT_ROLE, defaultLock())])
    setEditing((set) => new Set(set).add(id))
    note('Squad added')
  }

  const addPoint = (type: 'waypoint' | 'pax') => {
    const node = pointNode(type, { id: tempId(), pos_x: NEW_NODE_POSITION.x, pos_y: NEW_NODE_POSITION.y })
    setNodes((list) => [...list, { ...node, zIndex: frontZ() }])
    note(type === 'waypoint' ? 'Waypoint added' : 'Pax counter added')
  }

  // ---- everything a card can do (EditorApi) -----------------------------------------------------------------------

  const squadIdKey = nodes
    .filter((n) => n.type === 'squad')
    .map((n) => n.id)
    .join(',')
  const squadIds = useMemo(
    () => new Set(squadIdKey ? squadIdKey.split(',').map((id) => parseNodeId(id)?.id ?? 0) : []),
    [squadIdKey],
  )

  const api = useMemo<EditorApi>(() => {
    const patchSlot = (slotId: number, patch: Partial<EditorSlot>) =>
      setSlots((list) => list.map((s) => (s.id === slotId ? { ...s, ...patch } : s)))
    const teamNames = (squadId: number) => teamsOf(current.current.slots, squadId).map((t) => t.name)
    return {
      slots,
      squadIds,
      roles,
      platoons,
      editing,
      toggleEditing,
      renameSquad: (squadId, name) => {
        if (!name) {
          toast.error('Squad name cannot be empty.')
          return false
        }
        if (squadsOf(current.current.nodes).some((s) => s.id !== squadId && s.name === name)) {
          toast.error(`A squad named "${name}" already exists.`)
          return false
        }
        updateSquad(squadId, { name })
        note('Squad renamed')
        return true
      },
      setSquadWaitlist: (squadId, value) => {
        updateSquad(squadId, { can_be_primary_waitlist: value })
        note(value ? 'Squad shown in the public waitlist' : 'Squad hidden from the public waitlist')
      },
      setSquadPlatoon: (squadId, platoonId) => {
        updateSquad(squadId, { platoon_id: platoonId })
        note(platoonId === null ? 'Platoon removed' : 'Platoon set')
      },
      duplicateSquad: (squadId) => {
        const source = current.current.nodes.find((n): n is EditorSquadNode => n.type === 'squad' && n.data.squad.id === squadId)
        if (!source) return
        const id = tempId()
        const name = uniqueName(`${source.data.squad.name} (Copy)`, squadsOf(current.current.nodes).map((s) => s.name))
        const position = { x: source.position.x + DUPLICATE_OFFSET, y: source.position.y + DUPLICATE_OFFSET }
        const copy: EditorSquadNode = {
          id: squadNodeId(id),
          type: 'squad',
          position,
          zIndex: frontZ(),
          data: { squad: { ...source.data.squad, id, name, pos_x: position.x, pos_y: position.y, discord_channel_id: null } },
        }
        // People are cleared: the copy's slots are new and open.
        const copies = current.current.slots
          .filter((s) => s.squad_id === squadId)
          .map((s) => ({ ...newSlot(tempId(), id, s.team, s.team_order, s.slot_order, s.role, s.required_role_id) }))
        setNodes((list) => [...list.map((n) => (n.selected ? { ...n, selected: false } : n)), copy])
        setSlots((list) => [...list, ...copies])
        note('Squad duplicated')
      },
      deleteSquad: (squadId) => {
        const name = squadName(squadId)
        if (!window.confirm(`Are you sure you want to delete the squad "${name}" and all its slots?`)) return
        const nodeId = squadNodeId(squadId)
        setNodes((list) => list.filter((n) => n.id !== nodeId))
        setEdges((list) => list.filter((e) => e.source !== nodeId && e.target !== nodeId))
        setSlots((list) => list.filter((s) => s.squad_id !== squadId))
        setEditing((set) => {
          const next = new Set(set)
          next.delete(squadId)
          return next
        })
        note('Squad deleted')
      },
      addTeam: (squadId) => {
        const teams = teamsOf(current.current.slots, squadId)
        const names = teams.map((t) => t.name)
        let n = teams.length + 1
        while (names.includes(`Team ${n}`)) n++
        const order = teams.reduce((max, t) => Math.max(max, t.order), -1) + 1
        setSlots((list) => [...list, newSlot(tempId(), squadId, `Team ${n}`, order, 0, DEFAULT_ROLE, defaultLock())])
        note('Team added')
      },
      renameTeam: (squadId, from, to) => {
        if (!to) {
          toast.error('Team name cannot be empty.')
          return false
        }
        if (to === from) return true
        if (teamNames(squadId).includes(to)) {
          toast.error(`This squad already has a team named "${to}".`)
          return false
        }
        setSlots((list) => list.map((s) => (s.squad_id === squadId && s.team === from ? { ...s, team: to } : s)))
        note('Team renamed')
        return true
      },
      deleteTeam: (squadId, team) => {
        if (!window.confirm(`Are you sure you want to delete the team "${team}" and all its slots?`)) return
        setSlots((list) => list.filter((s) => !(s.squad_id === squadId && s.team === team)))
        note('Team deleted')
      },
      moveTeam: (squadId, team, direction) => {
        const next = moveTeamIn(current.current.slots, squadId, team, direction)
        if (!next) return
        setSlots(next)
        note('Team moved')
      },
      addSlot: (squadId, team) => {
        const block = teamsOf(current.current.slots, squadId).find((t) => t.name === team)
        if (!block) return
        const order = block.rows.reduce((max, s) => Math.max(max, s.slot_order), -1) + 1
        setSlots((list) => [...list, newSlot(tempId(), squadId, team, block.order, order, DEFAULT_ROLE, defaultLock())])
        note('Slot added')
      },
      addSpacer: (squadId, team, text) => {
        if (!text.trim()) {
          toast.error('Spacer text cannot be empty.')
          return false
        }
        const block = teamsOf(current.current.slots, squadId).find((t) => t.name === team)
        if (!block) return false
        const order = block.rows.reduce((max, s) => Math.max(max, s.slot_order), -1) + 1
        setSlots((list) => [...list, newSlot(tempId(), squadId, team, block.order, order, spacerRole(text), null)])
        note('Spacer added')
        return true
      },
      setSlotRole: (slotId, role) => {
        if (!role || role === spacerRole('')) {
          toast.error('The role cannot be empty.')
          return false
        }
        patchSlot(slotId, { role })
        note('Slot updated')
        return true
      },
      setSlotLock: (slotId, lock) => {
        patchSlot(slotId, { required_role_id: lock })
        note('Role lock changed')
      },
      setSlotAssigned: (slotId, name) => {
        patchSlot(slotId, { user_id: null, manual_username: name || null, discord_username: null, avatar: null })
        note(name ? 'Slot assigned' : 'Slot cleared')
      },
      clearSlot: (slotId) => {
        patchSlot(slotId, { user_id: null, manual_username: null, discord_username: null, avatar: null })
        note('Slot cleared')
      },
      moveSlot: (slotId, direction) => {
        const next = moveSlotIn(current.current.slots, slotId, direction)
        if (!next) return
        setSlots(next)
        note('Slot moved')
      },
      deleteSlot: (slotId) => {
        setSlots((list) => list.filter((s) => s.id !== slotId))
        note('Slot deleted')
      },
    }
  }, [slots, squadIds, roles, platoons, editing, toggleEditing, toast, note, tempId, updateSquad])

  // ---- React Flow ----------------------------------------------------------------------------------------------------

  const onNodesChange = useCallback((changes: NodeChange<EditorNode>[]) => setNodes((list) => applyNodeChanges(changes, list)), [])
  const onEdgesChange = useCallback((changes: EdgeChange<EditorEdge>[]) => setEdges((list) => applyEdgeChanges(changes, list)), [])

  const edgeSeq = useRef(0)
  const newEdgeId = useCallback(() => `new-edge-${++edgeSeq.current}`, [])

  const onConnect = useCallback(
    (connection: Connection) => {
      setEdges((list) => addEdge({ ...connection, id: newEdgeId(), type: 'smoothstep' }, list))
      note('Connection added')
    },
    [newEdgeId, note],
  )

  /** Spec 1 §5: deleting a squad is confirmed, with the keyboard too. */
  const onBeforeDelete = useCallback<OnBeforeDelete<EditorNode, EditorEdge>>(async ({ nodes: doomed }) => {
    const squads = doomed.filter((n): n is EditorSquadNode => n.type === 'squad')
    if (squads.length === 0) return true
    const names = squads.map((n) => `"${n.data.squad.name}"`).join(', ')
    return window.confirm(
      squads.length === 1
        ? `Are you sure you want to delete the squad ${names} and all its slots?`
        : `Are you sure you want to delete the squads ${names} and all their slots?`,
    )
  }, [])

  const onDelete = useCallback<OnDelete<EditorNode, EditorEdge>>(
    ({ nodes: removed, edges: removedEdges }) => {
      const removedIds = new Set(removed.map((n) => n.id))
      const squadsGone = new Set(removed.filter((n) => n.type === 'squad').map((n) => parseNodeId(n.id)?.id ?? 0))
      if (squadsGone.size > 0) {
        setSlots((list) => list.filter((s) => !squadsGone.has(s.squad_id)))
        setEditing((set) => new Set([...set].filter((id) => !squadsGone.has(id))))
      }
      const remaining = new Set(current.current.nodes.map((n) => n.id).filter((id) => !removedIds.has(id)))
      const bridges = reconnectAcrossWaypoints(removedIds, removedEdges, remaining, newEdgeId)
      if (bridges.length > 0) setEdges((list) => [...list, ...bridges])
      const kinds = new Set(removed.map((n) => n.type))
      const what = kinds.has('squad')
        ? squadsGone.size > 1
          ? 'Squads deleted'
          : 'Squad deleted'
        : kinds.has('waypoint')
          ? bridges.length > 0
            ? 'Waypoint deleted and its connections joined'
            : 'Waypoint deleted'
          : kinds.has('pax')
            ? 'Pax counter deleted'
            : removedEdges.length > 1
              ? 'Connections deleted'
              : 'Connection deleted'
      note(what)
    },
    [newEdgeId, note],
  )

  const dragStart = useRef(new Map<string, { x: number; y: number }>())
  /** Spec 1 §2: the dragged squad is brought to the front. */
  const onNodeDragStart = useCallback<OnNodeDrag<EditorNode>>((_event, node, dragged) => {
    dragStart.current = new Map(dragged.map((n) => [n.id, { ...n.position }]))
    if (node.type !== 'squad') return
    setNodes((list) => {
      const others = list.reduce((z, n) => (n.id === node.id ? z : Math.max(z, n.zIndex ?? 0)), 0)
      return list.map((n) => (n.id === node.id && (n.zIndex ?? 0) <= others ? { ...n, zIndex: others + 1 } : n))
    })
  }, [])

  /** Spec 1 §9: a dropped node snaps to the grid, 20 px for squads and 1 px for waypoints and pax counters. */
  const onNodeDragStop = useCallback<OnNodeDrag<EditorNode>>(
    (_event, _node, dragged) => {
      const snapped = new Map(
        dragged.map((n) => {
          const grid = n.type === 'squad' ? SQUAD_GRID : POINT_GRID
          return [n.id, { x: Math.round(n.position.x / grid) * grid, y: Math.round(n.position.y / grid) * grid }]
        }),
      )
      setNodes((list) => list.map((n) => (snapped.has(n.id) ? { ...n, position: snapped.get(n.id)! } : n)))
      const moved = [...snapped].some(([id, p]) => {
        const before = dragStart.current.get(id)
        return !before || before.x !== p.x || before.y !== p.y
      })
      if (moved) note(dragged.length > 1 ? 'Nodes moved' : 'Node moved')
    },
    [note],
  )

  /** The keyboard's Delete for touch screens: selected nodes and connections, through the same confirm and rules. */
  const deleteSelected = () => {
    const { nodes: all, edges: allEdges } = current.current
    const selectedNodes = all.filter((n) => n.selected)
    const selectedEdges = allEdges.filter((e) => e.selected)
    if (selectedNodes.length === 0 && selectedEdges.length === 0) {
      toast.info('Select a node or a connection first.')
      return
    }
    void deleteElements({ nodes: selectedNodes, edges: selectedEdges })
  }

  // Leaving the page inside the app with unsaved changes asks first (a reload or closing the tab does not).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname)
  const blockerRef = useRef(blocker)
  blockerRef.current = blocker
  // NOTE: keyed on the state alone: the blocker object changes on every render, and one blocked navigation must
  // ask once.
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm('You have unsaved ORBAT changes. Leave without saving them?')) blockerRef.current.proceed?.()
    else blockerRef.current.reset?.()
  }, [blocker.state])

  // ---- server round trips --------------------------------------------------------------------------------------------

  const save = async () => {
    setSaving(true)
    try {
      const body = await requestJson<{ message?: string; orbat?: OrbatPayload }>(SAVE_URL, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(toSavePayload(current.current, baseSlots.current)),
      }).catch((error: Error) => {
        throw new Error(error.message.startsWith(SAVE_URL) ? 'Failed to save ORBAT' : error.message)
      })
      toast.success(body.message ?? 'ORBAT Saved Successfully!')
      replaceState(body.orbat ?? (await requestJson<OrbatPayload>(ORBAT_URL)), { dirty: false })
      onSaved()
    } catch (error) {
      toast.error(`Error saving ORBAT: ${(error as Error).message || 'Failed to save ORBAT'}`)
    } finally {
      setSaving(false)
    }
  }

  const discard = async () => {
    try {
      replaceState(await requestJson<OrbatPayload>(ORBAT_URL), { dirty: false })
      toast.info('Changes discarded: the ORBAT was reloaded from the server.')
    } catch (error) {
      toast.error(`Could not load latest ORBAT data: ${(error as Error).message}`)
    }
  }

  const loadPreset = useCallback<LoadPreset>(
    async (preset) => {
      try {
        const payload = typeof preset === 'number' ? await requestJson<LoadedPresetPayload>(presetLoadUrl(preset), { method: 'POST' }) : preset
        replaceState(payload, { dirty: true })
        toast.info(`${payload.name ? `Preset "${payload.name}"` : 'Preset'} loaded (requires save to persist).`)
      } catch (error) {
        toast.error(`Error: ${(error as Error).message}`)
      }
    },
    [replaceState, toast],
  )

  // `/admin/orbat?preset=ID` (the settings page without JavaScript links here): load it once, then drop the param.
  const presetDone = useRef(false)
  useEffect(() => {
    if (presetId === null || presetDone.current) return
    presetDone.current = true
    void loadPreset(presetId).finally(onPresetConsumed)
  }, [presetId, loadPreset, onPresetConsumed])

  const menu: MenuItem[] = [
    { kind: 'button', label: 'Add Squad', onSelect: addSquad },
    { kind: 'button', label: 'Add Waypoint', onSelect: () => addPoint('waypoint') },
    { kind: 'button', label: 'Add Pax Counter', onSelect: () => addPoint('pax') },
    { kind: 'button', label: 'Delete Selected', onSelect: deleteSelected },
    { kind: 'separator' },
    { kind: 'button', label: 'Manage', onSelect: () => onManage(loadPreset) },
    { kind: 'button', label: 'Discard Changes', onSelect: () => void discard(), tone: 'danger' },
    { kind: 'separator' },
    { kind: 'link', label: 'Back to Admin Hub', to: '/admin' },
  ]

  return (
    <EditorProvider value={api}>
      <div className="orbat-canvas h-full w-full" data-testid="orbat-editor" data-dirty={dirty}>
        <ReactFlow<EditorNode, EditorEdge>
          nodes={nodes}
          edges={edges}
          nodeTypes={editorNodeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onBeforeDelete={onBeforeDelete}
          onDelete={onDelete}
          onNodeDragStart={onNodeDragStart}
          onNodeDragStop={onNodeDragStop}
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
          style={{ '--xy-edge-stroke-selected': 'var(--color-brand-400)', '--xy-connectionline-stroke': 'var(--color-brand-400)' } as CSSProperties}
        >
          <RevealOnFocus />
          <Background variant={BackgroundVariant.Dots} gap={20} size={1.25} color="#3f3f46" />
          <Controls showInteractive={false} fitViewOptions={FIT_OPTIONS} position="bottom-left" />
        </ReactFlow>
      </div>

      <datalist id={MEMBERS_DATALIST_ID}>
        {members.map((m) => (
          <option key={m.id} value={m.ingame_name} />
        ))}
      </datalist>

      <EditorToolbar dirty={dirty} saving={saving} onSave={() => void save()} menu={menu} />
    </EditorProvider>
  )
}

function EditorToolbar({ dirty, saving, onSave, menu }: { dirty: boolean; saving: boolean; onSave: () => void; menu: MenuItem[] }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 z-20 flex flex-wrap items-center gap-2 p-3">
      <div className="pointer-events-auto flex h-9 items-center gap-2 rounded-lg border border-zinc-800 bg-zinc-900/90 px-2.5 text-sm shadow-lg shadow-black/40 backdrop-blur sm:px-3">
        <h1 className="font-semibold tracking-wide text-zinc-50">
          ORBAT <span className="hidden sm:inline">Editor</span>
        </h1>
        {dirty ? (
          <span className="flex items-center gap-1.5 text-xs text-amber-300" data-testid="unsaved">
            <span aria-hidden className="size-2 rounded-full bg-amber-400" />
            <span className="hidden sm:inline">Unsaved changes</span>
            <span className="sr-only sm:hidden">Unsaved changes</span>
          </span>
        ) : null}
      </div>
      <div className="ml-auto flex items-center gap-2">
        <button
          type="button"
          onClick={onSave}
          disabled={saving}
          className="pointer-events-auto flex h-9 items-center rounded-lg bg-brand-600 px-3 text-sm font-semibold text-zinc-950 shadow-lg shadow-black/40 hover:bg-brand-500 disabled:cursor-wait disabled:opacity-70"
        >
          {saving ? 'Saving...' : 'Save ORBAT'}
        </button>
        <ActionsMenu items={menu} />
      </div>
    </div>
  )
}
