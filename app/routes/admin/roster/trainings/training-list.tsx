import { useState, type MouseEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { TrainingItem } from '#contracts/trainings.ts'
import { useStateHref } from '#app/hooks/url-state.ts'
import { smallButton } from '#app/ui/button.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { DeleteButton } from '#app/ui/delete-button.tsx'
import { EmptyState } from '#app/ui/field.tsx'
import type { DiscordEventStatus } from '#contracts/discord-events.ts'
import { DiscordEventBadge, ListGroup, PingAndAttendanceLinks } from '../events-and-trainings.tsx'

// The Trainings tab's groups (upcoming BMT Trainings and General Trainings, a page of Past Trainings): per training
// Schedule Ping, Attendance and a menu (Post Training on Discord, View Signups, Edit Training, Delete Training).

export const DELETE_TRAINING = 'delete-training'

export const deleteConfirm = (training: TrainingItem) =>
  `Are you sure you want to delete the training "${training.name}"? Its sign-ups are removed too.`

export function TrainingGroup({
  id,
  title,
  trainings,
  empty,
  activeId,
  discord,
  counted = true,
  children,
}: {
  id: string
  title: string
  trainings: TrainingItem[]
  empty: string
  activeId: number | null
  /** Each published training's state on Discord. */
  discord: Readonly<Record<number, DiscordEventStatus>>
  /** The heading shows how many (a page of the past does not: it is one page of many). */
  counted?: boolean
  /** Below the list (Show older). */
  children?: ReactNode
}) {
  return (
    <ListGroup id={id} title={title} count={counted ? trainings.length : undefined}>
      {trainings.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800 bg-zinc-900/60">
          {trainings.map((training) => (
            <li
              key={training.id}
              data-testid="training-row"
              className={`flex flex-col gap-3 px-4 py-3 md:flex-row md:items-center ${activeId === training.id ? 'bg-brand-600/10' : ''}`}
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  {training.is_bmt_training ? (
                    <span className="rounded bg-amber-500/15 px-1.5 py-0.5 text-xs font-semibold text-amber-300">
                      BMT
                    </span>
                  ) : null}
                  <span className="truncate font-medium text-zinc-100">{training.name}</span>
                  {training.is_hidden ? (
                    <span className="rounded bg-zinc-800 px-1.5 py-0.5 text-xs text-zinc-400">Hidden</span>
                  ) : null}
                  <DiscordEventBadge status={discord[training.id]} />
                </div>
                <p className="mt-0.5 text-sm text-zinc-400">
                  <DateTime iso={training.date} /> · <span data-testid="signup-count">{training.signup_count}</span>{' '}
                  signed up
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-1.5">
                <PingAndAttendanceLinks kind="training" record={training} />
                <TrainingMenu training={training} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {children}
    </ListGroup>
  )
}

const MENU_WIDTH_PX = 224
const menuItem = 'block w-full rounded px-3 py-2 text-left text-sm text-zinc-200 hover:bg-zinc-800 hover:text-white'

/** Closes the <details> menu a menu item sits in (with JavaScript; without, the page navigates anyway). */
function closeMenu(event: MouseEvent<HTMLElement>) {
  event.currentTarget.closest('details')?.removeAttribute('open')
}

/** The per-training menu: a <details> disclosure, so it opens without JavaScript too. */
function TrainingMenu({ training }: { training: TrainingItem }) {
  const href = useStateHref()
  // The menu (w-56, 224 px) opens leftwards from its button and flips to the right when less than 224 px
  // remain on that side. Without JavaScript it always opens leftwards.
  const [flipRight, setFlipRight] = useState(false)
  const item = (dialog: string, label: string) => (
    <Link to={href({ dialog, training: training.id })} preventScrollReset className={menuItem} onClick={closeMenu}>
      {label}
    </Link>
  )
  return (
    <details
      className="group relative"
      onToggle={(event) => {
        const details = event.currentTarget
        if (details.open) setFlipRight(details.getBoundingClientRect().right < MENU_WIDTH_PX)
      }}
    >
      <summary
        className={`${smallButton} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        aria-label={`More actions for ${training.name}`}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden>
          <path d="M3 10a1.5 1.5 0 1 1 3 0 1.5 1.5 0 0 1-3 0Zm5.5 0a1.5 1.5 0 1 1 3 0 1.5 1.5 0 0 1-3 0ZM15.5 8.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z" />
        </svg>
      </summary>
      <div
        className={`absolute ${flipRight ? 'left-0' : 'right-0'} z-20 mt-1 w-56 rounded-lg border border-zinc-700 bg-zinc-900 p-1 shadow-xl shadow-black/60`}
      >
        {item('post', 'Post Training on Discord')}
        {item('signups', 'View Signups')}
        {item('edit', 'Edit Training')}
        <DeleteButton
          intent={DELETE_TRAINING}
          id={training.id}
          confirm={deleteConfirm(training)}
          label="Delete Training"
          className={`${menuItem} text-red-300 hover:bg-red-950/60 hover:text-red-200`}
        />{' '}
      </div>
    </details>
  )
}
