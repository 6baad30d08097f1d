import { useSyncExternalStore } from 'react'
import { useFetcher } from 'react-router'
import { useOptionalUser } from '#app/root.tsx'
import { buttonClass } from '#app/ui/button.ts'
import type { LiveOrbatStore } from './live-store.ts'
import type { OrbatRefusalCode, OrbatRights } from '#contracts/orbat-rights.ts'
import type { WaitlistItem, WaitlistSquad } from '#contracts/waitlist.ts'
import { INTENTS, LOGIN_HREF, ORBAT_PATH } from '#app/components/orbat/viewer.tsx'
import { Avatar } from '#app/ui/avatar.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { RefusalReason } from '#app/components/orbat/refusal-texts.tsx'

/**
 * The waitlist sheet (docs/rules/orbat.md, the waitlist): squad preference, Join Waitlist / Leave Waitlist, and the
 * numbered list. It reads the page's live store, so it stays current while the side sheet is open.
 * `returnTo` is where a post without JavaScript comes back to (the page's static waitlist panel keeps itself open).
 */
export function WaitlistPanel({
  store,
  rights,
  returnTo = ORBAT_PATH,
}: {
  store: LiveOrbatStore
  rights: OrbatRights | null
  returnTo?: string
}) {
  const { data, locked } = useSyncExternalStore(store.subscribe, store.getView, store.getView)
  const user = useOptionalUser()
  const entries = data.waitlist
  const mine = user ? entries.find((entry) => entry.user_id === user.id) : undefined
  const holdsSlot = user ? data.orbat.slots.some((slot) => slot.user_id === user.id) : false
  // Joining needs what joinWaitlist checks: no ban, an eligible role (the loader's rights), no slot held (live).
  const refusal = rights?.waitlistRefusal ?? (holdsSlot ? 'holdsSlot' : null)
  const t = useT('orbat.waitlistPanel')

  return (
    <div className="flex flex-col gap-5" data-testid="waitlist-panel">
      {user ? (
        <WaitlistForm
          squads={data.squads}
          mine={mine}
          locked={locked}
          refusal={refusal}
          general={rights?.generalWaitlist ?? false}
          returnTo={returnTo}
        />
      ) : (
        <p className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-4 py-3 text-sm text-zinc-300">
          {t.rich('login', {
            login: (chunks) => (
              <a href={LOGIN_HREF} className="font-semibold text-brand-400 underline-offset-2 hover:underline">
                {chunks}
              </a>
            ),
          })}
        </p>
      )}
      {locked ? <p className="-mt-2 text-sm text-amber-400">{t('locked')}</p> : null}
      {entries.length === 0 ? (
        <p className="text-sm text-zinc-400">{t('empty')}</p>
      ) : (
        <ol className="divide-y divide-zinc-800 rounded-lg border border-zinc-800" aria-label={t('entries')}>
          {entries.map((entry, index) => (
            <WaitlistEntry key={entry.id} entry={entry} position={index + 1} isMe={entry.user_id === user?.id} />
          ))}
        </ol>
      )}
    </div>
  )
}

/** What a member whose roles allow only squad preferences is told under the form. */
const SQUADS_ONLY = { code: 'noGeneralWaitlist', detail: null } as const

/**
 * Join or Leave. A join that cannot succeed is shown disabled with the reason under it; a member whose roles do not
 * allow the general waitlist is offered the squads only (Any Squad disabled, the first squad chosen).
 */
function WaitlistForm({
  squads,
  mine,
  locked,
  refusal,
  general,
  returnTo,
}: {
  squads: WaitlistSquad[]
  mine: WaitlistItem | undefined
  locked: boolean
  refusal: OrbatRefusalCode | null
  general: boolean
  returnTo: string
}) {
  const fetcher = useFetcher({ key: 'waitlist' })
  const busy = fetcher.state !== 'idle'
  const t = useT('orbat.waitlistPanel')
  const why: OrbatRefusalCode | null = mine
    ? null
    : (refusal ?? (general || squads.length > 0 ? null : 'noGeneralWaitlist'))
  const squadsOnly = !mine && !why && !general
  const current = mine
    ? (squads.find((s) => s.name === mine.squad_preference)?.id ?? '')
    : squadsOnly
      ? squads[0]!.id
      : ''
  return (
    <div className="flex flex-col gap-2">
      <fetcher.Form method="post" action={ORBAT_PATH} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value={mine ? INTENTS.leaveWaitlist : INTENTS.joinWaitlist} />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <label className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm text-zinc-300">
          {t('preference')}
          <select
            // Re-mount on joining/leaving so the shown choice follows the entry.
            key={mine ? `on-${current}` : 'off'}
            name="squad_preference"
            defaultValue={String(current)}
            disabled={locked || Boolean(mine) || why !== null}
            className="h-10 rounded-md border border-zinc-700 bg-zinc-950 px-3 text-zinc-100 disabled:opacity-60"
          >
            <option value="" disabled={squadsOnly}>
              {t('anySquad')}
            </option>
            {squads.map((squad) => (
              <option key={squad.id} value={squad.id}>
                {squad.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          disabled={locked || busy || why !== null}
          aria-busy={busy || undefined}
          aria-describedby={why ? 'waitlist-refusal' : undefined}
          className={buttonClass(mine ? 'danger' : 'primary', 'md')}
        >
          {mine ? t('leave') : t('join')}
        </button>
      </fetcher.Form>
      {why ? (
        <p id="waitlist-refusal" className="text-sm text-amber-400">
          <RefusalReason refusal={{ code: why, detail: null }} />
        </p>
      ) : null}
      {squadsOnly ? (
        <p className="text-sm text-zinc-400">
          <RefusalReason refusal={SQUADS_ONLY} />
        </p>
      ) : null}
    </div>
  )
}

function WaitlistEntry({ entry, position, isMe }: { entry: WaitlistItem; position: number; isMe: boolean }) {
  const t = useT('orbat.waitlistPanel')
  return (
    <li className={`flex items-center gap-3 px-3 py-2.5 ${isMe ? 'bg-brand-600/10' : ''}`} data-testid="waitlist-entry">
      <span className="w-6 shrink-0 text-right text-sm font-semibold text-zinc-400 tabular-nums">{position}.</span>
      <Avatar src={entry.avatar} name={entry.username} size={8} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-zinc-100">
          {entry.username}
          {isMe ? <span className="ml-1.5 text-xs font-normal text-brand-400">{t('you')}</span> : null}
        </p>
        <p className="truncate text-xs text-zinc-400">
          {t('preferenceOf', { squad: entry.squad_preference ?? t('any') })}
        </p>
      </div>
    </li>
  )
}
