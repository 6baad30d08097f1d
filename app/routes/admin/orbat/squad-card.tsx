import { memo } from 'react'
import { Handle, type NodeProps } from '@xyflow/react'
import { LockIcon } from '#app/components/orbat/icons.tsx'
import { CARD, CARD_HANDLES } from '#app/components/orbat/layout.ts'
import { SquadTitle, TeamRows } from '#app/components/orbat/nodes.tsx'
import { useEditor } from './editor-context.tsx'
import { PencilIcon, TextButton } from './fields.tsx'
import {
  allyOf,
  DEFAULT_LOCK_MARK,
  editorHolderName,
  paxCounts,
  teamsOf,
  type EditorSlot,
  type EditorSquadNode,
  type AllyOption,
  type EditorTeam,
} from './model.ts'
import { SquadEditView } from './squad-edit.tsx'
import { OpenBadge, ReservedBadge } from '#app/components/orbat/badges.tsx'

// The editor's squad card: a collapsed read-only view like the public card, and an edit view with the squad's fields,
// team blocks and slot rows (squad-edit.tsx). 340 px wide below the sm breakpoint, 400 px from it.

const handleClass =
  'orbat-editor-handle rounded-full border-2 border-zinc-950 bg-zinc-500 transition-colors hover:bg-brand-400'

/** Handles one can drag a connection from (the public diagram's are not connectable). */
export function EditorHandles({
  handles,
  className = 'size-3',
}: {
  handles: ReadonlyArray<(typeof CARD_HANDLES)[number]>
  className?: string
}) {
  return handles.map((h) => (
    <Handle key={h.id} id={h.id} type={h.type} position={h.position} className={`${handleClass} ${className}`} />
  ))
}

export const EditorSquadCard = memo(function EditorSquadCard({ data, selected }: NodeProps<EditorSquadNode>) {
  const editor = useEditor()
  const { squad } = data
  const teams = teamsOf(editor.slots, squad.id)
  const editing = editor.editing.has(squad.id)
  const people = paxCounts(editor.slots, new Set([squad.id])).people
  const headingId = `editor-squad-${squad.id}-name`
  return (
    <>
      <article
        aria-labelledby={headingId}
        data-testid="editor-squad"
        data-editing={editing}
        className={`w-[340px] overflow-hidden rounded-lg border bg-zinc-900 text-left shadow-lg shadow-black/40 sm:w-[400px] ${
          selected ? 'border-brand-500 ring-1 ring-brand-500/60' : 'border-zinc-700'
        }`}
      >
        <header
          className="flex cursor-grab items-center gap-2 border-b border-zinc-700 bg-zinc-800/60 px-3"
          style={{ minHeight: CARD.header }}
        >
          <SquadTitle
            id={headingId}
            name={squad.name}
            people={people}
            badge={<EditorReservation allies={editor.allies} id={squad.reserved_for} />}
          />
          <TextButton
            onClick={() => editor.toggleEditing(squad.id)}
            tone={editing ? 'brand' : 'plain'}
            label={editing ? `Done editing ${squad.name}` : `Edit ${squad.name}`}
          >
            {editing ? (
              'Done'
            ) : (
              <>
                <PencilIcon /> Edit
              </>
            )}
          </TextButton>
        </header>
        {editing ? (
          <SquadEditView editor={editor} squad={squad} teams={teams} />
        ) : (
          <CollapsedTeams teams={teams} allies={editor.allies} />
        )}
      </article>
      <EditorHandles handles={CARD_HANDLES} />
    </>
  )
})

/** A squad's, team's or slot's own reservation on the editor's cards: "Reserved · 3CB" (nothing when none). */
export function EditorReservation({ allies, id }: { allies: AllyOption[]; id: number | null | undefined }) {
  const unit = allyOf(allies, id)
  return unit ? <ReservedBadge unit={unit} label="Reserved" /> : null
}

function CollapsedTeams({ teams, allies }: { teams: EditorTeam[]; allies: AllyOption[] }) {
  if (teams.length === 0) {
    return (
      <p className="flex items-center px-3 text-sm text-zinc-500" style={{ height: CARD.empty }}>
        No slots
      </p>
    )
  }
  return (
    <div style={{ paddingBottom: CARD.bottom }}>
      {teams.map((team) => (
        <TeamRows
          key={team.name}
          team={team}
          slot={(slot) => <CollapsedSlot slot={slot} allies={allies} />}
          badge={<EditorReservation allies={allies} id={team.rows[0]?.team_reserved_for} />}
        />
      ))}
    </div>
  )
}

function CollapsedSlot({ slot, allies }: { slot: EditorSlot; allies: AllyOption[] }) {
  const name = editorHolderName(slot)
  return (
    <li
      className="flex items-center gap-2 border-t border-zinc-800 px-3"
      style={{ height: CARD.slot }}
      data-testid="slot"
    >
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-1.5">
          <p className="truncate text-sm leading-5 text-zinc-100">{slot.role}</p>
          <EditorReservation allies={allies} id={slot.own_reserved_for} />
        </div>
        {slot.required_role_id && slot.lock_from_default ? (
          // A lock nobody chose yet (the first eligible role): marked until kept or changed in the edit view.
          <p
            className="flex items-center gap-1 truncate text-[11px] leading-4 text-amber-300"
            data-testid="default-lock"
          >
            <LockIcon />
            <span className="shrink-0 rounded-sm bg-amber-400/15 px-1 font-semibold">{DEFAULT_LOCK_MARK}</span>
            <span className="sr-only">: </span>
            <span className="truncate">{slot.required_role_id}</span>
          </p>
        ) : slot.required_role_id ? (
          <p className="flex items-center gap-1 truncate text-[11px] leading-4 text-zinc-400">
            <LockIcon />
            <span className="sr-only">Role lock: </span>
            <span className="truncate">{slot.required_role_id}</span>
          </p>
        ) : null}
      </div>
      {name !== null ? (
        <span className="max-w-40 shrink-0 truncate text-sm font-medium text-zinc-200">{name}</span>
      ) : (
        <OpenBadge />
      )}
    </li>
  )
}
