import { useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { PublicMember } from '#contracts/roster-types.ts'
import { LoaBadge } from '#app/ui/badge.tsx'
import { smallButton } from '#app/ui/button.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { Modal } from '#app/ui/dialog.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { panelId, tabId, Tabs } from '#app/ui/tabs.tsx'
import { RibbonRack } from './ribbon-rack.tsx'
import { BmtBadge, formatScore, LocalTime, RankBadge, useDayFormat } from './ui.tsx'

// The member sheet's content: Rank, Join Date, Total Event Score, the ribbon rack, and the tabs Qualifications, Events and Trainings.
// The same markup fills the side sheet (tabs are buttons) and the full /roster/:id page that works without JavaScript
// (tabs are links to ?tab=...). Events and trainings may be the newest only: then "Show all" links to the full page.
// Its texts are the catalogs' `member.details`, which come with the member's data (docs/rules/languages.md).

const MEMBER_TABS = ['qualifications', 'events', 'trainings'] as const
export type MemberTab = (typeof MEMBER_TABS)[number]

export function parseMemberTab(value: string | null): MemberTab {
  return MEMBER_TABS.find((tab) => tab === value) ?? 'qualifications'
}

/** How many events and trainings the member has when the lists hold only the newest (the page's first 25). */
export interface MemberTotals {
  events: number
  trainings: number
}

export function MemberDetails({
  member,
  totals,
  tab,
  onSelectTab,
  tabHref,
}: {
  member: PublicMember
  totals?: MemberTotals
  tab: MemberTab
  /** Tabs as buttons (the sheet). */
  onSelectTab?: (tab: MemberTab) => void
  /** Tabs as links (the full page). */
  tabHref?: (tab: MemberTab) => string
}) {
  const t = useT('member.details')
  const day = useDayFormat()
  const [image, setImage] = useState<{ name: string; url: string } | null>(null)
  const counts: Record<MemberTab, number> = {
    qualifications: member.qualifications.length,
    events: totals?.events ?? member.events.length,
    trainings: totals?.trainings ?? member.trainings.length,
  }
  const showAll = (list: 'events' | 'trainings') =>
    counts[list] > member[list].length ? (
      <Link
        to={`/roster/${member.id}?tab=${list}&all=${list}`}
        className="mt-2 inline-block text-sm text-brand-400 hover:underline"
      >
        {list === 'events'
          ? t('showAllEvents', { count: counts[list] })
          : t('showAllTrainings', { count: counts[list] })}
      </Link>
    ) : null
  return (
    <div className="flex flex-col gap-5" data-testid="member-details">
      <dl className="grid grid-cols-3 gap-2">
        <Stat label={t('rank')}>
          <span className="flex flex-wrap items-center gap-1.5">
            <RankBadge rank={member.rank} />
            {member.on_loa ? <LoaBadge /> : null}
          </span>
        </Stat>
        <Stat label={t('joinDate')}>{day(member.join_date)}</Stat>
        <Stat label={t('totalEventScore')}>
          <span className="font-mono tabular-nums">{formatScore(member.event_score)}</span>
        </Stat>
      </dl>

      <MemberAwards member={member} />

      <div className="flex flex-col gap-3">
        <Tabs
          label={t('tabsLabel')}
          layout="fill"
          idBase="member"
          tabs={MEMBER_TABS.map((id) => ({
            id,
            href: tabHref?.(id),
            label: (
              <>
                {t(id)} <TabCount n={counts[id]} />
              </>
            ),
          }))}
          active={tab}
          onSelect={onSelectTab}
        />

        <div
          id={panelId('member', tab)}
          role={onSelectTab ? 'tabpanel' : undefined}
          aria-labelledby={onSelectTab ? tabId('member', tab) : undefined}
        >
          {tab === 'qualifications' ? <QualificationList member={member} /> : null}
          {tab === 'events' ? <EventList member={member} onShowImage={setImage} /> : null}
          {tab === 'trainings' ? <TrainingList member={member} /> : null}
          {tab === 'events' || tab === 'trainings' ? showAll(tab) : null}
        </div>
      </div>

      <OrbatImageDialog image={image} onClose={() => setImage(null)} />
    </div>
  )
}

/** The ribbon rack under the member's facts (docs/rules/personnel.md, Awards). */
function MemberAwards({ member }: { member: PublicMember }) {
  const t = useT('member.details')
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2" data-testid="member-awards">
      {/* h2: under the page's h1 (/roster/{id}) and beside the sheet's own h2 title. */}
      <h2 id={headingId} className="text-[11px] font-medium tracking-wide text-zinc-500 uppercase">
        {t('awards')}
      </h2>
      {member.awards.length ? (
        <RibbonRack awards={member.awards} size="full" label={t('awardsOf', { name: member.ingame_name })} />
      ) : (
        <p className="text-sm text-zinc-500">{t('noAwards')}</p>
      )}
    </section>
  )
}

function TabCount({ n }: { n: number }) {
  return <span className="rounded bg-zinc-900 px-1.5 text-xs text-zinc-400 tabular-nums">{n}</span>
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-zinc-800 bg-zinc-950/50 px-3 py-2.5">
      <dt className="text-[11px] font-medium tracking-wide text-zinc-500 uppercase">{label}</dt>
      <dd className="text-sm font-semibold text-zinc-100">{children}</dd>
    </div>
  )
}

function ListEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-zinc-800 px-4 py-6 text-center text-sm text-zinc-500">
      {children}
    </p>
  )
}

const listClass = 'divide-y divide-zinc-800 overflow-hidden rounded-lg border border-zinc-800 bg-zinc-950/40'

function QualificationList({ member }: { member: PublicMember }) {
  const t = useT('member.details')
  if (!member.qualifications.length) return <ListEmpty>{t('noQualifications')}</ListEmpty>
  return (
    <ul className={listClass} aria-label={t('qualifications')}>
      {member.qualifications.map((q) => (
        <li key={q.id} className="px-4 py-3">
          <p className="text-sm font-medium text-zinc-100">{q.name}</p>
          {q.description ? <p className="mt-0.5 text-sm text-zinc-400">{q.description}</p> : null}
        </li>
      ))}
    </ul>
  )
}

function EventList({
  member,
  onShowImage,
}: {
  member: PublicMember
  onShowImage: (image: { name: string; url: string }) => void
}) {
  const t = useT('member.details')
  if (!member.events.length) return <ListEmpty>{t('noEvents')}</ListEmpty>
  return (
    <ul className={listClass} aria-label={t('events')}>
      {member.events.map((e) => (
        <li key={e.id} className="flex items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-zinc-100">{e.name}</p>
            <DateTime iso={e.date} className="text-xs text-zinc-500" />
          </div>
          {e.orbat_image_url ? (
            // Without JavaScript the link opens the image in a new tab; with it, in a modal.
            <a
              href={e.orbat_image_url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => {
                event.preventDefault()
                onShowImage({ name: e.name, url: e.orbat_image_url! })
              }}
              className={smallButton}
              aria-label={t('viewOrbatOf', { name: e.name })}
            >
              {t('viewOrbat')}
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function TrainingList({ member }: { member: PublicMember }) {
  const t = useT('member.details')
  if (!member.trainings.length) return <ListEmpty>{t('noTrainings')}</ListEmpty>
  return (
    <ul className={listClass} aria-label={t('trainings')}>
      {member.trainings.map((t) => (
        <li key={t.id} className="flex items-center gap-3 px-4 py-3">
          {t.is_bmt_training ? <BmtBadge /> : null}
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-zinc-100">{t.name}</p>
            <LocalTime iso={t.date} format="date" className="text-xs text-zinc-500" />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The ORBAT image of an event in a modal (on top of the sheet: both live in the top layer). */
function OrbatImageDialog({ image, onClose }: { image: { name: string; url: string } | null; onClose: () => void }) {
  const t = useT('member.details')
  return (
    <Modal
      open={Boolean(image)}
      title={t('orbatTitle', { name: image?.name ?? '' })}
      label={image ? t('orbatOf', { name: image.name }) : t('orbatImage')}
      closeLabel={t('closeImage')}
      onClose={onClose}
    >
      <div className="bg-zinc-950 p-2">
        {image ? (
          <img src={image.url} alt={t('orbatOf', { name: image.name })} className="mx-auto h-auto max-w-full" />
        ) : null}
      </div>
    </Modal>
  )
}
