import { useId, useState } from 'react'
import { isSpacer, spacerLabel } from '#app/components/orbat/layout.ts'
import type { OrbatSquad } from '#contracts/orbat.ts'
import { Badge } from '#app/ui/badge.tsx'
import { MEMBERS_DATALIST_ID, type EditorContextValue } from './editor-context.tsx'
import {
  CrossIcon,
  DownIcon,
  DraftInput,
  IconButton,
  inputClass,
  selectClass,
  TextButton,
  TrashIcon,
  UpIcon,
} from './fields.tsx'
import {
  allyOf,
  DEFAULT_LOCK_MARK,
  editorHolderName,
  rosterMatch,
  spacerRole,
  type EditorSlot,
  type EditorTeam,
} from './model.ts'
import { askToConfirm } from '#app/ui/confirm.tsx'

// A squad's edit view, in its card on the diagram or in the list: the squad's fields, its team blocks and their slot
// rows. Every change is a reducer action; deleting a squad or a team asks first (docs/rules/ui.md).

export function SquadEditView({
  editor,
  squad,
  teams,
  inList = false,
}: {
  editor: EditorContextValue
  squad: OrbatSquad
  teams: EditorTeam[]
  /** In the list editor: the page scrolls, not the card. */
  inList?: boolean
}) {
  const { id: squadId, name } = squad
  const { dispatch } = editor
  const deleteSquad = () => {
    void askToConfirm(`Are you sure you want to delete the squad "${name}" and all its slots?`).then(
      (yes) => yes && dispatch({ type: 'deleteSquad', squadId }),
    )
  }
  const [platoonOn, setPlatoonOn] = useState(squad.platoon_id !== null)
  const ids = useId()
  return (
    // NOTE: `nowheel`: the wheel scrolls a long card instead of zooming the canvas (React Flow skips its zoom there).
    <div
      className={
        inList
          ? 'orbat-list-fields space-y-3 p-3'
          : 'nodrag nowheel max-h-[70dvh] cursor-default space-y-3 overflow-y-auto overscroll-contain p-3'
      }
      data-testid="squad-edit-view"
    >
      <div className="flex items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="text-[11px] font-semibold tracking-wider text-zinc-400 uppercase">Squad name</span>
          <DraftInput
            value={name}
            onCommit={(next) => dispatch({ type: 'renameSquad', squadId, name: next })}
            aria-label="Squad name"
          />
        </label>
        <TextButton onClick={() => dispatch({ type: 'duplicateSquad', squadId })} className="h-8">
          Duplicate
        </TextButton>
        <TextButton onClick={deleteSquad} tone="danger" className="h-8" label={`Delete squad ${name}`}>
          <TrashIcon /> Delete
        </TextButton>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-zinc-200">
        <label className="nodrag flex items-center gap-2">
          <input
            type="checkbox"
            checked={squad.can_be_primary_waitlist}
            onChange={(event) => dispatch({ type: 'setSquadWaitlist', squadId, value: event.target.checked })}
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
              if (!event.target.checked && squad.platoon_id !== null)
                dispatch({ type: 'setSquadPlatoon', squadId, platoonId: null })
            }}
            className="size-4 accent-brand-500"
            aria-controls={platoonOn ? `${ids}-platoon` : undefined}
          />
          Platoon
        </label>
        {platoonOn ? (
          <select
            id={`${ids}-platoon`}
            aria-label="Platoon"
            value={squad.platoon_id ?? ''}
            onChange={(event) =>
              dispatch({
                type: 'setSquadPlatoon',
                squadId,
                platoonId: event.target.value ? Number(event.target.value) : null,
              })
            }
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
      {offersReservations(editor, squad.reserved_for) ? (
        <label className="flex items-center gap-2 text-sm text-zinc-200">
          <span className="shrink-0">Squad reserved for</span>
          <ReservationSelect
            editor={editor}
            value={squad.reserved_for}
            label="Squad reserved for"
            onChoose={(ally) => dispatch({ type: 'setSquadReservation', squadId, ally })}
            className="min-w-32 flex-1"
          />
        </label>
      ) : null}

      {teams.length === 0 ? <p className="text-sm text-zinc-500">No teams yet.</p> : null}
      {teams.map((team, index) => (
        <TeamBlock
          key={team.name}
          editor={editor}
          squadId={squadId}
          team={team}
          first={index === 0}
          last={index === teams.length - 1}
        />
      ))}
      <TextButton
        onClick={() => dispatch({ type: 'addTeam', squadId, lock: editor.defaultLock })}
        tone="brand"
        className="w-full"
      >
        + Add Team
      </TextButton>
    </div>
  )
}

function TeamBlock({
  editor,
  squadId,
  team,
  first,
  last,
}: {
  editor: EditorContextValue
  squadId: number
  team: EditorTeam
  first: boolean
  last: boolean
}) {
  const { dispatch } = editor
  const teamReservedFor = team.rows[0]?.team_reserved_for ?? null
  const [spacerOpen, setSpacerOpen] = useState(false)
  const [spacerText, setSpacerText] = useState('')
  const deleteTeam = () => {
    void askToConfirm(`Are you sure you want to delete the team "${team.name}" and all its slots?`).then(
      (yes) => yes && dispatch({ type: 'deleteTeam', squadId, team: team.name }),
    )
  }
  const addSpacer = () => {
    if (dispatch({ type: 'addSpacer', squadId, team: team.name, text: spacerText })) {
      setSpacerText('')
      setSpacerOpen(false)
    }
  }
  return (
    // A named group, not a landmark: every squad has its "Fireteam 1" (the list editor shows them all at once).
    <section
      role="group"
      aria-label={`Team ${team.name}`}
      className="rounded-md border border-zinc-800 bg-zinc-950/40"
      data-testid="editor-team"
    >
      <div className="flex items-center gap-1 border-b border-zinc-800 p-1.5">
        <DraftInput
          value={team.name}
          onCommit={(next) => dispatch({ type: 'renameTeam', squadId, from: team.name, to: next })}
          aria-label="Team name"
          className="flex-1 font-semibold text-brand-400"
        />
        <IconButton
          label={`Move team ${team.name} up`}
          onClick={() => dispatch({ type: 'moveTeam', squadId, team: team.name, direction: -1 })}
          disabled={first}
        >
          <UpIcon />
        </IconButton>
        <IconButton
          label={`Move team ${team.name} down`}
          onClick={() => dispatch({ type: 'moveTeam', squadId, team: team.name, direction: 1 })}
          disabled={last}
        >
          <DownIcon />
        </IconButton>
        <IconButton label={`Delete team ${team.name}`} onClick={deleteTeam} tone="danger">
          <TrashIcon />
        </IconButton>
      </div>
      {offersReservations(editor, teamReservedFor) ? (
        <label className="flex items-center gap-2 border-b border-zinc-800 p-1.5">
          <span className="shrink-0 text-[10px] font-semibold tracking-wider text-zinc-500 uppercase">
            Team reserved for
          </span>
          <ReservationSelect
            editor={editor}
            value={teamReservedFor}
            label="Team reserved for"
            onChoose={(ally) => dispatch({ type: 'setTeamReservation', squadId, team: team.name, ally })}
            className="min-w-0 flex-1"
          />
        </label>
      ) : null}
      <ul className="divide-y divide-zinc-800">
        {team.rows.map((slot, index) => (
          <SlotEditor
            key={slot.id}
            editor={editor}
            slot={slot}
            first={index === 0}
            last={index === team.rows.length - 1}
          />
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
        <TextButton
          onClick={() => dispatch({ type: 'addSlot', squadId, team: team.name, lock: editor.defaultLock })}
          className="flex-1"
          label={`Add slot to ${team.name}`}
        >
          + Add Slot
        </TextButton>
        <TextButton onClick={() => setSpacerOpen(true)} className="flex-1" label={`Add spacer to ${team.name}`}>
          + Add Spacer
        </TextButton>
      </div>
    </section>
  )
}

function SlotEditor({
  editor,
  slot,
  first,
  last,
}: {
  editor: EditorContextValue
  slot: EditorSlot
  first: boolean
  last: boolean
}) {
  const { dispatch } = editor
  const slotId = slot.id
  const moveAndDelete = (
    <>
      <IconButton
        label="Move up"
        onClick={() => dispatch({ type: 'moveSlot', slotId, direction: -1 })}
        disabled={first}
      >
        <UpIcon />
      </IconButton>
      <IconButton
        label="Move down"
        onClick={() => dispatch({ type: 'moveSlot', slotId, direction: 1 })}
        disabled={last}
      >
        <DownIcon />
      </IconButton>
      <IconButton
        label={isSpacer(slot.role) ? 'Delete spacer' : 'Delete slot'}
        onClick={() => dispatch({ type: 'deleteSlot', slotId })}
        tone="danger"
      >
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
          onCommit={(next) => dispatch({ type: 'setSlotRole', slotId, role: next ? spacerRole(next) : '' })}
          aria-label="Spacer text"
          className="h-7 flex-1 text-xs font-semibold tracking-widest text-zinc-400 uppercase"
        />
        {moveAndDelete}
      </li>
    )
  }
  const locks = editor.roles.map((r) => r.role_name)
  const lock = slot.required_role_id
  const byDefault = slot.lock_from_default && lock !== null
  const defaultNoteId = `slot-${slot.id}-default-lock`
  return (
    <li className="space-y-1.5 p-1.5" data-testid="editor-slot">
      <div className="flex items-center gap-1">
        <DraftInput
          value={slot.role}
          onCommit={(next) => dispatch({ type: 'setSlotRole', slotId, role: next })}
          aria-label="Role"
          className="flex-1"
        />
        {moveAndDelete}
      </div>
      <div className="editor-slot-fields grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-1.5">
        <label className="flex min-w-0 flex-col gap-0.5">
          <span className="text-[10px] font-semibold tracking-wider text-zinc-500 uppercase">Role Lock</span>
          <select
            value={lock ?? ''}
            onChange={(event) => dispatch({ type: 'setSlotLock', slotId, lock: event.target.value || null })}
            aria-describedby={byDefault ? defaultNoteId : undefined}
            className={`${selectClass} ${byDefault ? 'border-amber-500/70' : ''}`}
          >
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
          <span
            className="text-[10px] font-semibold tracking-wider text-zinc-500 uppercase"
            id={`slot-${slot.id}-assigned`}
          >
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
                {editorHolderName(slot)}
              </span>
            ) : (
              <DraftInput
                value={slot.manual_username ?? ''}
                onCommit={(next) =>
                  dispatch({ type: 'setSlotAssigned', slotId, name: next, member: rosterMatch(editor.members, next) })
                }
                aria-labelledby={`slot-${slot.id}-assigned`}
                list={MEMBERS_DATALIST_ID}
                placeholder="OPEN"
                className="flex-1 placeholder:font-semibold placeholder:text-emerald-500/80"
              />
            )}
            {slot.user_id === null && slot.manual_username !== null ? (
              <ManualBadge linked={rosterMatch(editor.members, slot.manual_username)?.user_id != null} />
            ) : null}
            <IconButton
              label="Clear assigned"
              onClick={() => dispatch({ type: 'clearSlot', slotId })}
              disabled={slot.user_id === null && slot.manual_username === null}
            >
              <CrossIcon />
            </IconButton>
          </div>
        </div>
        {offersReservations(editor, slot.own_reserved_for) ? (
          <label className="flex min-w-0 flex-col gap-0.5">
            <span className="text-[10px] font-semibold tracking-wider text-zinc-500 uppercase">Reserved for</span>
            <ReservationSelect
              editor={editor}
              value={slot.own_reserved_for}
              label="Reserved for"
              onChoose={(ally) => dispatch({ type: 'setSlotReservation', slotId, ally })}
            />
          </label>
        ) : null}
      </div>
      {byDefault ? (
        <DefaultLockNote
          id={defaultNoteId}
          lock={lock}
          role={slot.role}
          onKeep={() => dispatch({ type: 'keepSlotLock', slotId })}
        />
      ) : null}
    </li>
  )
}

/** Reservations are offered once the unit has allied units (or to clear one that is set). */
function offersReservations(editor: EditorContextValue, value: number | null | undefined): boolean {
  return editor.allies.length > 0 || (value ?? null) !== null
}

/**
 * Whom a squad, a team or a slot is reserved for (docs/rules/orbat.md, Reservations for allied units): None or an
 * allied unit. A unit deleted since the editor loaded stays listed by its id, so the field still shows what is set.
 */
function ReservationSelect({
  editor,
  value,
  label,
  onChoose,
  className = '',
}: {
  editor: EditorContextValue
  value: number | null | undefined
  /** Its name: the visible label's words (the label around it also holds the options' text). */
  label: string
  onChoose: (ally: { id: number; tag: string } | null) => void
  className?: string
}) {
  const current = allyOf(editor.allies, value)
  const listed = current === null || editor.allies.some((a) => a.id === current.id)
  return (
    <select
      aria-label={label}
      value={current?.id ?? ''}
      onChange={(event) => {
        const id = Number(event.target.value)
        onChoose(event.target.value ? allyOf(editor.allies, id) : null)
      }}
      className={`${selectClass} ${className}`}
    >
      <option value="">None</option>
      {editor.allies.map((ally) => (
        <option key={ally.id} value={ally.id}>
          {ally.tag} · {ally.name}
        </option>
      ))}
      {listed ? null : <option value={current.id}>{current.name} (missing)</option>}
    </select>
  )
}

/**
 * A new slot is locked to the first eligible role by default (docs/rules/orbat.md, the editor): said beside the lock
 * until the admin keeps it or picks another, so a lock nobody chose is not saved unseen.
 */
function DefaultLockNote({ id, lock, role, onKeep }: { id: string; lock: string; role: string; onKeep: () => void }) {
  return (
    <div
      className="flex items-center gap-2 rounded-md border border-amber-500/50 bg-amber-950/40 py-1 pr-1 pl-2 text-xs text-amber-200"
      data-testid="default-lock"
    >
      <p id={id} className="min-w-0 flex-1">
        <span className="font-semibold">{DEFAULT_LOCK_MARK}:</span> only members with {lock} can sign up here.
      </p>
      <TextButton onClick={onKeep} className="h-7" label={`Keep the lock ${lock} on ${role}`}>
        Keep
      </TextButton>
    </div>
  )
}

/**
 * A manual name is text only: no account, so no Leave, no one-slot rule, no role sync (docs/rules/orbat.md). `linked`:
 * the name is a roster member's whose account is linked (a name typed before they linked it): picking it again assigns
 * them.
 */
function ManualBadge({ linked }: { linked: boolean }) {
  const title = linked
    ? 'A manual name: this member now has a linked account. Clear the slot and pick them again to assign their account.'
    : 'A manual name: not a linked member account, so the one-slot rule, Leave and role sync do not apply.'
  return (
    <Badge tone={linked ? 'warning' : 'neutral'} title={title} data-testid="manual-badge">
      manual
    </Badge>
  )
}
