import { memo, useMemo } from 'react'
import type { NodeProps } from '@xyflow/react'
import { CARD_HANDLES, WAYPOINT_HANDLES } from '#app/components/orbat/layout.ts'
import { PaxCounterBody } from '#app/components/orbat/nodes.tsx'
import { useEditor } from './editor-context.tsx'
import { paxCounts, type EditorPointNode } from './model.ts'
import { EditorHandles, EditorSquadCard } from './squad-card.tsx'

// The editor's node types: squad cards, and the public pax counter's and waypoint's looks with handles one can connect.

/** The Pax counter card: counted live from the editor's unsaved state. */
const EditorPaxCard = memo(function EditorPaxCard({ selected }: NodeProps<EditorPointNode>) {
  const { slots, squadIds } = useEditor()
  const counts = useMemo(() => paxCounts(slots, squadIds), [slots, squadIds])
  return (
    <>
      <PaxCounterBody counts={counts} className={selected ? 'border-brand-500 ring-1 ring-brand-500/60' : ''} />
      <EditorHandles handles={CARD_HANDLES} />
    </>
  )
})

const EditorWaypoint = memo(function EditorWaypoint({ selected }: NodeProps<EditorPointNode>) {
  return (
    <>
      <div
        data-testid="editor-waypoint"
        title="Waypoint"
        className={`size-4 cursor-grab rounded-full border-2 bg-zinc-900 ${selected ? 'border-brand-400 ring-2 ring-brand-500/50' : 'border-zinc-400'}`}
      />
      <EditorHandles handles={WAYPOINT_HANDLES} className="size-2.5" />
    </>
  )
})

export const editorNodeTypes = { squad: EditorSquadCard, pax: EditorPaxCard, waypoint: EditorWaypoint }
