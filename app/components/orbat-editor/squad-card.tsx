import { memo, useId, useState } from 'react'
import { Handle, type NodeProps } from '@xyflow/react'
import { LockIcon, PeopleIcon } from '#app/components/orbat/icons.tsx'
import { CARD, CARD_HANDLES, isSpacer, spacerLabel } from '#app/components/orbat/layout.ts'
import { SpacerRow } from '#app/components/orbat/nodes.tsx'
import type { OrbatSquad } from '#app/components/orbat/types.ts'
import { MEMBERS_DATALIST_ID, useEditor, type EditorApi } from './editor-context.tsx'
import {
  CrossIcon,
  DownIcon,
  DraftInput,
  IconButton,
  inputClass,
  PencilIcon,
  selectClass,
  TextButton,
  TrashIcon,
  UpIcon,
} from './fields.tsx'
import { paxCounts, teamsOf, type EditorSlot, type EditorSquadNode, type EditorTeam } from './model.ts'

// The editor's squad card (spec 1 §2 "Squad card"): a collapsed read-only view like the public card, and an edit
// view with the squad's fields, team blocks and slot rows. 340 px wide below the sm breakpoint, 400 px from it.

export const handleClass =
  'orbat-editor-handle rounded-full border-2 border-zinc-950 bg-zinc-500 transition-colors hover:bg-brand-400'

export function EditorHandles({ handles }: { handles: ReadonlyArray<(typeof CARD_HANDLES)[number]> }) {
  return handles.map((h) => <Handle key={h.id} id={h.id} type={h.type} position={h.position} className={`${handleClass} size-3`} />)
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
        <header className="flex cursor-grab items-center gap-2 border-b border-zinc-700 bg-zinc-800/60 px-3" style={{ minHeight: CARD.header }}>
          <h2 id={headingId} className="min-w-0 flex-1 truncate text-base font-semibold text-zinc-50">
            {squad.name}
          </h2>
          <span
            className="inline-flex shrink-0 items-center gap-1 rounded-full bg-zinc-950/70 px-2 py-0.5 text-xs font-medium text-zinc-300 tabular-nums"
            title="People"
          >
            <PeopleIcon />
            <span className="sr-only">People: </span>
            {people}
          </span>
          <TextButton onClick={() => editor.toggleEditing(squad.id)} tone={editing ? 'brand' : 'plain'} label={editing ? `Done editing ${squad.name}` : `Edit ${squad.name}`}>
            {editing ? (
              'Done'
            ) : (
              <>
                <PencilIcon /> Edit
              </>
            )}
          </TextButton>
        </header>
        {editing ? <SquadEditView editor={editor} squad={squad} teams={teams} /> : <CollapsedTeams teams={teams} />}
      </article>
      <EditorHandles handles={CARD_HANDLES} />
    </>
  )
})

function CollapsedTeams({ teams }: { teams: EditorTeam[] }) {
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
        <section key={team.name} aria-label={team.name}>
          <h3 className="flex items-end truncate px-3 pb-1 text-[11px] font-semibold tracking-wider text-brand-400 uppercase" style={{ height: CARD.team }}>
            {team.name}
          </h3>
          <ul>
            {team.rows.map((slot) => (isSpacer(slot.role) ? <SpacerRow key={slot.id} role={slot.role} /> : <CollapsedSlot key={slot.id} slot={slot} />))}
          </ul>
        </section>
      ))}
    </div>
  )
}

function CollapsedSlot({ slot }: { slot: EditorSlot }) {
  const name = slot.user_id !== null ? (slot.discord_username ?? 'Member') : slot.manual_username
  return (
    <li className="flex items-center gap-2 border-t border-zinc-800 px-3" style={{ height: CARD.slot }} data-testid="slot">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm leading-5 text-zinc-100">{slot.role}</p>
        {slot.required_role_id ? (
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
        <span className="shrink-0 rounded bg-emerald-500/15 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-emerald-400 ring-1 ring-emerald-500/40 ring-inset">
          OPEN
        </span>
      )}
    </li>
  )
}

function SquadEditView({ editor, squad, teams }: { editor: EditorApi; squad: OrbatSquad; teams: EditorTeam[] }) {
  const { id: squadId, name } = squad
  const [platoonOn, setPlatoonOn] = useState(squad.platoon_id !== null)
  const ids = useId()
  return (
    <div className="nodrag cursor-default space-y-3 p-3">
      <div className="flex items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="text-[11px] font-semibold tracking-wider text-zinc-400 uppercase">Squad name</span>
          <DraftInput value={name} onCommit={(next) => editor.renameSquad(squadId, next)} aria-label="Squad name" />
        </label>
        <TextButton onClick={() => editor.duplicateSquad(squadId)} className="h-8">
          Duplicate
        </TextButton>
        <TextButton onClick={() => editor.deleteSquad(squadId)} tone="danger" className="h-8" label={`Delete squad ${name}`}>
          <TrashIcon /> Delete
        </TextButton>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-zinc-200">
        <label className="nodrag flex items-center gap-2">
          <input
            type="checkbox"
            checked={squad.can_be_primary_waitlist}
            onChange={(event) => editor.setSquadWaitlist(squadId, event.target.checked)}
            className="size-4 accent-brand-500"
          />
          Show in Public Waitlist
        </label>
        <label className="nodrag flex items-center gap-2">
          <input
            type="checkbox"
            checked={platoonOn}
            onChange={(event) => {
              setPlatoonOn(event.target.checked)
              if (!event.target.checked && squad.platoon_id !== null) editor.setSquadPlatoon(squadId, null)
            }}
            className="size-4 accent-brand-500"
            aria-controls={`${ids}-platoon`}
          />
          Platoon
        </label>
        {platoonOn ? (
          <select
            id={`${ids}-platoon`}
            aria-label="Platoon"
            value={squad.platoon_id ?? ''}
            onChange={(event) => editor.setSquadPlatoon(squadId, event.target.value ? Number(event.target.value) : null)}
            className={`${selectClass} min-w-32 flex-1`}
          >
            <option value="">None</option>
            {editor.platoons.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        ) : null}
      </div>

      {teams.length === 0 ? <p className="text-sm text-zinc-500">No teams yet.</p> : null}
      {teams.map((team, index) => (
        <TeamBlock key={team.name} editor={editor} squadId={squadId} team={team} first={index === 0} last={index === teams.length - 1} />
      ))}
      <TextButton onClick={() => editor.addTeam(squadId)} tone="brand" className="w-full">
        + Add Team
      </TextButton>
    </div>
  )
}

function TeamBlock({ editor, squadId, team, first, last }: { editor: EditorApi; squadId: number; team: EditorTeam; first: boolean; last: boolean }) {
  const [spacerOpen, setSpacerOpen] = useState(false)
  const [spacerText, setSpacerText] = useState('')
  const addSpacer = () => {
    if (editor.addSpacer(squadId, team.name, spacerText)) {
      setSpacerText('')
      setSpacerOpen(false)
    }
  }
  return (
    <section aria-label={`Team ${team.name}`} className="rounded-md border border-zinc-800 bg-zinc-950/40" data-testid="editor-team">
      <div className="flex items-center gap-1 border-b border-zinc-800 p-1.5">
        <DraftInput
          value={team.name}
          onCommit={(next) => editor.renameTeam(squadId, team.name, next)}
          aria-label="Team name"
          className="flex-1 font-semibold text-brand-400"
        />
        <IconButton label={`Move team ${team.name} up`} onClick={() => editor.moveTeam(squadId, team.name, -1)} disabled={first}>
          <UpIcon />
        </IconButton>
        <IconButton label={`Move team ${team.name} down`} onClick={() => editor.moveTeam(squadId, team.name, 1)} disabled={last}>
          <DownIcon />
        </IconButton>
        <IconButton label={`Delete team ${team.name}`} onClick={() => editor.deleteTeam(squadId, team.name)} tone="danger">
          <TrashIcon />
        </IconButton>
      </div>
      <ul className="divide-y divide-zinc-800">
        {team.rows.map((slot, index) => (
          <SlotEditor key={slot.id} editor={editor} slot={slot} first={index === 0} last={index === team.rows.length - 1} />
        ))}
      </ul>
      {spacerOpen ? (
        <div className="flex items-center gap-1.5 border-t border-zinc-800 p-1.5">
          <input
            type="text"
            autoFocus
            value={spacerText}
            onChange={(event) => setSpacerText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                addSpacer()
              } else if (event.key === 'Escape') setSpacerOpen(false)
            }}
            aria-label="Spacer text"
            placeholder="Heading, e.g. Support"
            className={`nodrag ${inputClass} flex-1 uppercase`}
          />
          <TextButton onClick={addSpacer} tone="brand" className="h-8">
            Add
          </TextButton>
          <TextButton onClick={() => setSpacerOpen(false)} className="h-8">
            Cancel
          </TextButton>
        </div>
      ) : null}
      <div className="flex gap-1.5 border-t border-zinc-800 p-1.5">
        <TextButton onClick={() => editor.addSlot(squadId, team.name)} className="flex-1" label={`Add slot to ${team.name}`}>
          + Add Slot
        </TextButton>
        <TextButton onClick={() => setSpacerOpen(true)} className="flex-1" label={`Add spacer to ${team.name}`}>
          + Add Spacer
        </TextButton>
      </div>
    </section>
  )
}

function SlotEditor({ editor, slot, first, last }: { editor: EditorApi; slot: EditorSlot; first: boolean; last: boolean }) {
  const moveAndDelete = (
    <>
      <IconButton label="Move up" onClick={() => editor.moveSlot(slot.id, -1)} disabled={first}>
        <UpIcon />
      </IconButton>
      <IconButton label="Move down" onClick={() => editor.moveSlot(slot.id, 1)} disabled={last}>
        <DownIcon />
      </IconButton>
      <IconButton label={isSpacer(slot.role) ? 'Delete spacer' : 'Delete slot'} onClick={() => editor.deleteSlot(slot.id)} tone="danger">
        <TrashIcon />
      </IconButton>
    </>
  )
  if (isSpacer(slot.role)) {
    return (
      <li className="flex items-center gap-1 p-1.5" data-testid="editor-spacer">
        <span aria-hidden className="h-px w-2 shrink-0 bg-zinc-600" />
        <DraftInput
          value={spacerLabel(slot.role)}
          onCommit={(next) => editor.setSlotRole(slot.id, next ? `---${next.toUpperCase()}---` : '')}
          aria-label="Spacer text"
          className="h-7 flex-1 text-xs font-semibold tracking-widest text-zinc-400 uppercase"
        />
        {moveAndDelete}
      </li>
    )
  }
  const locks = editor.roles.map((r) => r.role_name)
  const lock = slot.required_role_id
  return (
    <li className="space-y-1.5 p-1.5" data-testid="editor-slot">
      <div className="flex items-center gap-1">
        <DraftInput value={slot.role} onCommit={(next) => editor.setSlotRole(slot.id, next)} aria-label="Role" className="flex-1" />
        {moveAndDelete}
      </div>
      <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-1.5">
        <label className="flex min-w-0 flex-col gap-0.5">
          <span className="text-[10px] font-semibold tracking-wider text-zinc-500 uppercase">Role Lock</span>
          <select value={lock ?? ''} onChange={(event) => editor.setSlotLock(slot.id, event.target.value || null)} className={selectClass}>
            <option value="">UNLOCKED</option>
            {locks.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            {lock && !locks.includes(lock) ? <option value={lock}>{lock} (missing)</option> : null}
          </select>
        </label>
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="text-[10px] font-semibold tracking-wider text-zinc-500 uppercase" id={`slot-${slot.id}-assigned`}>
            Assigned
          </span>
          <div className="flex items-center gap-1">
            {slot.user_id !== null ? (
              <span
                className="flex h-8 min-w-0 flex-1 items-center truncate rounded-md border border-zinc-800 bg-zinc-900 px-2 text-sm text-brand-400"
                aria-labelledby={`slot-${slot.id}-assigned`}
                title="Signed up member: clear the slot to change it"
                data-testid="assigned-member"
              >
                {slot.discord_username ?? 'Member'}
              </span>
            ) : (
              <DraftInput
                value={slot.manual_username ?? ''}
                onCommit={(next) => editor.setSlotAssigned(slot.id, next)}
                aria-labelledby={`slot-${slot.id}-assigned`}
                list={MEMBERS_DATALIST_ID}
                placeholder="OPEN"
                className="flex-1 placeholder:font-semibold placeholder:text-emerald-500/80"
              />
            )}
            <IconButton label="Clear assigned" onClick={() => editor.clearSlot(slot.id)} disabled={slot.user_id === null && slot.manual_username === null}>
              <CrossIcon />
            </IconButton>
          </div>
        </div>
      </div>
    </li>
  )
}
