import { useMemo } from 'react'
import { Form, useNavigate } from 'react-router'
import type { OrbatPayload, OrbatSlot, OrbatSquad } from '#contracts/orbat.ts'
import { guestRefusal } from '#contracts/orbat-rights.ts'
import { HolderName, LockedBadge, LockLine, OpenBadge, PeopleCount, RoleLine } from '#app/components/orbat/badges.tsx'
import {
  countSlots,
  groupTeams,
  isOpen,
  isSpacer,
  slotAction,
  spacerLabel,
  squadsInDiagramOrder,
} from '#app/components/orbat/rows.ts'
import { SlotActionControl } from '#app/components/orbat/slot-actions.tsx'
import { ORBAT_PATH, type OrbatViewer } from '#app/components/orbat/viewer.tsx'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { buttonClass } from '#app/ui/button.ts'
import { Notice } from '#app/ui/field.tsx'
import { LoaBadge } from '#app/ui/badge.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { RefusalReason } from '#app/components/orbat/refusal-texts.tsx'

// The ORBAT as a list, the default below `md`: the same live data as the diagram, squads as full-width cards in the
// diagram's reading order, teams and slots as rows with 44 px controls, the member's own slot pinned on top, and a
// squad filter (?squad=<id>, a GET form, so it works without JavaScript).

export function OrbatList({
  orbat,
  viewer,
  squadId,
}: {
  orbat: OrbatPayload
  viewer: OrbatViewer
  squadId: number | null
}) {
  const squads = useMemo(() => squadsInDiagramOrder(orbat.squads), [orbat.squads])
  const slotsBySquad = useMemo(() => {
    const bySquad = new Map<number, OrbatSlot[]>()
    for (const slot of orbat.slots) bySquad.set(slot.squad_id, [...(bySquad.get(slot.squad_id) ?? []), slot])
    return bySquad
  }, [orbat.slots])
  const shown = squads.some((s) => s.id === squadId) ? squads.filter((s) => s.id === squadId) : squads
  const mine = viewer.userId === null ? undefined : orbat.slots.find((slot) => slot.user_id === viewer.userId)
  const t = useT('orbat.list')

  if (squads.length === 0) return <p className="px-4 py-10 text-center text-zinc-400">{t('empty')}</p>
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-3 pt-3 pb-10" data-testid="orbat-list">
      {mine ? <YourSlot slot={mine} squad={squads.find((s) => s.id === mine.squad_id)} viewer={viewer} /> : null}
      {viewer.signUpRefusal && !viewer.locked ? (
        <Notice tone="info">
          <RefusalReason refusal={viewer.signUpRefusal} />
        </Notice>
      ) : null}
      {/* A guest of an allied unit is told once, above the squads, which slots are theirs. */}
      {viewer.guestOf && !viewer.signUpRefusal ? (
        <Notice tone="info">
          <RefusalReason refusal={guestRefusal(viewer.guestOf.name, false)} />
        </Notice>
      ) : null}
      <SquadFilter squads={squads} selected={shown.length === 1 && squads.length > 1 ? shown[0]!.id : null} />
      {shown.map((squad) => (
        <SquadSection key={squad.id} squad={squad} slots={slotsBySquad.get(squad.id) ?? []} viewer={viewer} />
      ))}
    </div>
  )
}

/** "Your slot: ..." pinned above the squads, with its Leave. */
function YourSlot({ slot, squad, viewer }: { slot: OrbatSlot; squad: OrbatSquad | undefined; viewer: OrbatViewer }) {
  const squadName = squad?.name ?? ''
  const t = useT('orbat.list')
  return (
    <section
      aria-label={t('yourSlot')}
      className="flex items-center gap-3 rounded-lg border border-brand-600/60 bg-brand-600/10 px-4 py-2"
      data-testid="your-slot"
    >
      <p className="min-w-0 flex-1 text-sm text-zinc-200">
        <span className="font-semibold text-brand-400">{t('yourSlotLead')}</span> {slot.role}
        <span className="text-zinc-400">
          {' '}
          · {slot.team}
          {squadName ? ` · ${squadName}` : null}
        </span>
      </p>
      <SlotActionControl
        action={slotAction(slot, viewer)}
        slotId={slot.id}
        role={slot.role}
        squadName={squadName}
        size="lg"
      />
    </section>
  )
}

/** One squad or all: a GET form; with JavaScript the choice applies at once, without it through Show. */
function SquadFilter({ squads, selected }: { squads: OrbatSquad[]; selected: number | null }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const t = useT('orbat.list')
  if (squads.length < 2) return null
  return (
    <Form method="get" action={ORBAT_PATH} className="flex items-end gap-2" preventScrollReset>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor="orbat-squad-filter" className="text-sm text-zinc-300">
          {t('squad')}
        </label>
        <select
          id="orbat-squad-filter"
          name="squad"
          value={selected ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value
            void navigate(value ? `${ORBAT_PATH}?squad=${value}` : ORBAT_PATH, {
              replace: true,
              preventScrollReset: true,
            })
          }}
          className="h-11 rounded-md border border-zinc-700 bg-zinc-900 px-3 text-zinc-100"
        >
          <option value="">{t('allSquads')}</option>
          {squads.map((squad) => (
            <option key={squad.id} value={squad.id}>
              {squad.name}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <button type="submit" className={buttonClass('secondary', 'lg')}>
          {t('show')}
        </button>
      )}
    </Form>
  )
}

function SquadSection({ squad, slots, viewer }: { squad: OrbatSquad; slots: OrbatSlot[]; viewer: OrbatViewer }) {
  const teams = groupTeams(slots)
  const counts = countSlots(slots)
  const headingId = `list-squad-${squad.id}-name`
  const t = useT('orbat.list')
  return (
    <article
      aria-labelledby={headingId}
      className="overflow-hidden rounded-lg border border-zinc-800 bg-zinc-900"
      data-testid="squad-card"
    >
      <header className="flex items-center gap-2 border-b border-zinc-800 bg-zinc-800/60 px-4 py-2.5">
        <h2 id={headingId} className="min-w-0 flex-1 text-base font-semibold text-zinc-50">
          {squad.name}
        </h2>
        <span className="text-xs text-zinc-400 tabular-nums">{t('open', { count: counts.open })}</span>
        <PeopleCount people={counts.people} />
      </header>
      {teams.length === 0 ? <p className="px-4 py-3 text-sm text-zinc-500">{t('noSlots')}</p> : null}
      {teams.map((team) => (
        <section key={team.name} role="group" aria-label={team.name}>
          <h3 className="px-4 pt-3 pb-1 text-xs font-semibold tracking-wider text-brand-400 uppercase">{team.name}</h3>
          <ul>
            {team.rows.map((slot) =>
              isSpacer(slot.role) ? (
                <SpacerItem key={slot.id} role={slot.role} />
              ) : (
                <SlotItem key={slot.id} slot={slot} squadName={squad.name} viewer={viewer} />
              ),
            )}
          </ul>
        </section>
      ))}
    </article>
  )
}

function SpacerItem({ role }: { role: string }) {
  return (
    <li className="flex items-center gap-2 px-4 pt-3 pb-1">
      <span aria-hidden className="h-px w-3 bg-zinc-700" />
      <span className="text-[11px] font-semibold tracking-widest text-zinc-500">{spacerLabel(role)}</span>
      <span aria-hidden className="h-px flex-1 bg-zinc-700" />
    </li>
  )
}

function SlotItem({ slot, squadName, viewer }: { slot: OrbatSlot; squadName: string; viewer: OrbatViewer }) {
  const action = slotAction(slot, viewer)
  const own = action.kind === 'leave'
  const open = isOpen(slot)
  return (
    <li
      className={`flex min-h-14 items-center gap-3 border-t border-zinc-800 px-4 py-1.5 ${own ? 'bg-brand-600/10' : ''}`}
      data-testid="slot"
      data-slot-id={slot.id}
    >
      <div className="min-w-0 flex-1">
        <RoleLine slot={slot} className="text-sm" wrap />
        {slot.required_role_id ? <LockLine lock={slot.required_role_id} className="text-xs leading-5" /> : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {open ? (
          viewer.locked ? (
            <LockedBadge />
          ) : (
            <OpenBadge />
          )
        ) : (
          <>
            <HolderName slot={slot} className={`max-w-36 text-sm ${own ? 'text-brand-400' : 'text-zinc-200'}`} />
            {slot.on_loa ? <LoaBadge /> : null}
          </>
        )}
        <SlotActionControl action={action} slotId={slot.id} role={slot.role} squadName={squadName} size="lg" />
      </div>
    </li>
  )
}
