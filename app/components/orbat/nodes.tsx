import { Fragment, memo, type ReactNode } from 'react'
import { Handle, type NodeProps } from '@xyflow/react'
import {
  CARD,
  CARD_HANDLES,
  isOpen,
  isSpacer,
  spacerLabel,
  WAYPOINT_HANDLES,
  type PaxNode,
  type SquadNode,
  type WaypointNode,
} from './layout.ts'
import { HolderName, LockedBadge, LockLine, OpenBadge, PeopleCount, RoleLine } from './badges.tsx'
import { holderLabel, slotAction } from './rows.ts'
import { SlotActionControl } from './slot-actions.tsx'
import type { OrbatSlot } from '#contracts/orbat.ts'
import { useViewer } from './viewer.tsx'
import { Avatar } from '#app/ui/avatar.tsx'
import { LoaBadge } from '#app/ui/badge.tsx'
import { useT } from '#app/ui/i18n.tsx'

// The read-only node types of the public diagram. Heights are fixed per row (layout.ts), so what the server
// declares to React Flow is exactly what the browser measures.

function CardHandles({ handles }: { handles: typeof CARD_HANDLES | typeof WAYPOINT_HANDLES }) {
  return handles.map((h) => (
    <Handle key={h.id} id={h.id} type={h.type} position={h.position} isConnectable={false} className="orbat-handle" />
  ))
}

const SquadCard = memo(function SquadCard({ data }: NodeProps<SquadNode>) {
  const { squad, teams, people, height } = data
  const headingId = `squad-${squad.id}-name`
  const t = useT('orbat.list')
  return (
    <>
      <article
        aria-labelledby={headingId}
        className="orbat-card pointer-events-auto w-[340px] cursor-grab overflow-hidden rounded-lg border border-zinc-700 bg-zinc-900 text-left shadow-lg shadow-black/40 sm:w-[400px]"
        style={{ height }}
        data-testid="squad-card"
      >
        <header
          className="flex items-center gap-2 border-b border-zinc-700 bg-zinc-800/60 px-3"
          style={{ height: CARD.header }}
        >
          <SquadTitle id={headingId} name={squad.name} people={people} />
        </header>
        {teams.length === 0 ? (
          <p className="flex items-center px-3 text-sm text-zinc-500" style={{ height: CARD.empty }}>
            {t('noSlots')}
          </p>
        ) : (
          teams.map((team) => (
            <TeamRows key={team.name} team={team} slot={(slot) => <SlotRow slot={slot} squadName={squad.name} />} />
          ))
        )}
      </article>
      <CardHandles handles={CARD_HANDLES} />
    </>
  )
})

/** A squad card's name and people count (also the admin editor's card, with its reservation as `badge`). */
export function SquadTitle({
  id,
  name,
  people,
  badge,
}: {
  id: string
  name: string
  people: number
  badge?: ReactNode
}) {
  return (
    <>
      <h2 id={id} className="min-w-0 flex-1 truncate text-base font-semibold text-zinc-50">
        {name}
      </h2>
      {badge}
      <PeopleCount people={people} />
    </>
  )
}

/**
 * A team of a squad card: its name, then its rows; spacers are drawn here, slots by `slot` (also the editor's card,
 * with the team's reservation as `badge` beside its name).
 */
export function TeamRows<Slot extends { id: number | string; role: string }>({
  team,
  slot,
  badge,
}: {
  team: { name: string; rows: Slot[] }
  slot: (slot: Slot) => ReactNode
  badge?: ReactNode
}) {
  const heading = 'truncate text-[11px] font-semibold tracking-wider text-brand-400 uppercase'
  return (
    <section role="group" aria-label={team.name}>
      {badge ? (
        <div className="flex items-end gap-2 px-3 pb-1" style={{ height: CARD.team }}>
          <h3 className={`min-w-0 ${heading}`}>{team.name}</h3>
          {badge}
        </div>
      ) : (
        <h3 className={`flex items-end px-3 pb-1 ${heading}`} style={{ height: CARD.team }}>
          {team.name}
        </h3>
      )}
      <ul>
        {team.rows.map((row) =>
          isSpacer(row.role) ? (
            <SpacerRow key={row.id} role={row.role} />
          ) : (
            <Fragment key={row.id}>{slot(row)}</Fragment>
          ),
        )}
      </ul>
    </section>
  )
}

/** A spacer/heading row (also the admin editor's collapsed card). */
export function SpacerRow({ role }: { role: string }) {
  return (
    <li className="flex items-center gap-2 px-3" style={{ height: CARD.spacer }}>
      <span aria-hidden className="h-px w-3 bg-zinc-700" />
      <span className="truncate text-[10px] font-semibold tracking-widest text-zinc-500">{spacerLabel(role)}</span>
      <span aria-hidden className="h-px flex-1 bg-zinc-700" />
    </li>
  )
}

function SlotRow({ slot, squadName }: { slot: OrbatSlot; squadName: string }) {
  const viewer = useViewer()
  const open = isOpen(slot)
  const name = holderLabel(slot)
  const action = slotAction(slot, viewer)
  const own = action.kind === 'leave'
  const lock = slot.required_role_id
  return (
    <li
      className={`flex items-center gap-2 border-t border-zinc-800 px-3 ${own ? 'bg-brand-600/10' : ''}`}
      style={{ height: CARD.slot }}
      data-testid="slot"
      data-slot-id={slot.id}
    >
      <div className="min-w-0 flex-1">
        <RoleLine slot={slot} className="text-sm leading-5" />
        {lock ? <LockLine lock={lock} className="text-[11px] leading-4" /> : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {!open ? (
          <>
            {slot.avatar ? <Avatar src={slot.avatar} name={name ?? ''} size={5} /> : null}
            <HolderName
              slot={slot}
              className={`text-sm ${own ? 'max-w-28 text-brand-400' : 'max-w-40 text-zinc-200'}`}
            />
            {slot.on_loa ? <LoaBadge /> : null}
          </>
        ) : viewer.locked ? (
          <LockedBadge />
        ) : (
          <OpenBadge />
        )}
        <SlotActionControl action={action} slotId={slot.id} role={slot.role} squadName={squadName} />
      </div>
    </li>
  )
}

const PaxCard = memo(function PaxCard({ data }: NodeProps<PaxNode>) {
  return (
    <>
      <PaxCounterBody counts={data} />
      <CardHandles handles={CARD_HANDLES} />
    </>
  )
})

/** The pax counter card itself (also the admin editor's, which counts its unsaved state). */
export function PaxCounterBody({ counts, className = '' }: { counts: PaxNode['data']; className?: string }) {
  const t = useT('kit.orbat')
  return (
    <section
      aria-label={t('paxCounter')}
      className={`orbat-pax pointer-events-auto flex h-[96px] w-[176px] cursor-grab flex-col justify-center gap-1 rounded-lg border border-zinc-700 bg-zinc-900 px-4 shadow-lg shadow-black/40${className ? ` ${className}` : ''}`}
      data-testid="pax-counter"
    >
      <p className="flex items-baseline justify-between gap-2">
        <span className="text-xs font-semibold tracking-wider text-zinc-400 uppercase">{t('pax')}</span>
        <span className="text-3xl leading-9 font-bold text-brand-400 tabular-nums">{counts.people}</span>
      </p>
      <p className="flex items-baseline justify-between gap-2 text-xs text-zinc-400">
        <span>{t('openOfTotal')}</span>
        <span className="font-medium text-zinc-200 tabular-nums">
          {counts.open} / {counts.total}
        </span>
      </p>
    </section>
  )
}

const WaypointDot = memo(function WaypointDot(_props: NodeProps<WaypointNode>) {
  return (
    <>
      <div aria-hidden className="orbat-waypoint size-4 rounded-full border-2 border-zinc-500 bg-zinc-900" />
      <CardHandles handles={WAYPOINT_HANDLES} />
    </>
  )
})

export const nodeTypes = { squad: SquadCard, pax: PaxCard, waypoint: WaypointDot }
