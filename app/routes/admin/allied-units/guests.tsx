import type { AlliedGuest, AlliedUnitItem } from '#contracts/allies.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { smallDangerButton } from '#app/ui/button.ts'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { confirmKeyOf } from '#app/ui/delete-button.tsx'
import { EmptyState } from '#app/ui/field.tsx'
import { ALLY_INTENTS } from './intents.ts'

// One allied unit's guests (docs/rules/joint-operations.md): who joined by its invite link, when, and the slot each
// holds, with Remove guest (confirmed: their slot and waitlist place go with it). Works without JavaScript: the
// confirm step is the page's (?confirm=remove-ally-guest-<user id>).

const removeGuestQuestion = (guest: AlliedGuest, unit: AlliedUnitItem) =>
  `Remove ${guest.name} as a guest of ${unit.name}? They give up their slot and waitlist place, and can join again only by the invite link.`

/** The confirm step of the guest whose removal awaits confirmation (no JavaScript), at the top of the page. */
export function RemoveGuestConfirmStep({ unit, guests }: { unit: AlliedUnitItem | null; guests: AlliedGuest[] }) {
  if (!unit) return null
  return guests.map((guest) => (
    <ConfirmStep
      key={guest.user_id}
      confirmKey={confirmKeyOf(ALLY_INTENTS.removeGuest, guest.user_id)}
      intent={ALLY_INTENTS.removeGuest}
      fields={{ id: unit.id, user: guest.user_id }}
      message={removeGuestQuestion(guest, unit)}
      confirmLabel="Remove guest"
    />
  ))
}

export function GuestList({ unit, guests }: { unit: AlliedUnitItem; guests: AlliedGuest[] }) {
  const headingId = `guests-of-${unit.id}`
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 px-4 py-4"
      data-testid="ally-guests"
      id="guests"
    >
      <h2 id={headingId} className="font-semibold">
        {unit.name}’s guests <span className="font-mono text-sm text-zinc-400">[{unit.tag}]</span>
      </h2>
      {guests.length === 0 ? (
        <EmptyState>No guests yet: they join by opening the invite link and logging in with Discord.</EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-800" aria-label={`${unit.name}’s guests`}>
          {guests.map((guest) => (
            <li
              key={guest.user_id}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2.5"
              data-testid="ally-guest"
            >
              <Avatar src={guest.avatar} name={guest.name} size={8} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-zinc-100">{guest.name}</p>
                <p className="text-xs text-zinc-400">
                  Joined <DateTime iso={guest.joined_at} />
                  {' · '}
                  <span data-testid="guest-slot">{guest.slot ? `Holds ${guest.slot}` : 'No slot'}</span>
                </p>
              </div>
              <ConfirmButtonForm
                formKey={confirmKeyOf(ALLY_INTENTS.removeGuest, guest.user_id)}
                intent={ALLY_INTENTS.removeGuest}
                fields={{ id: unit.id, user: guest.user_id }}
                confirm={removeGuestQuestion(guest, unit)}
                label="Remove"
                className={smallDangerButton}
                aria-label={`Remove guest ${guest.name}`}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
