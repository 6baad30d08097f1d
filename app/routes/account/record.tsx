import { useMemo } from 'react'
import type { Route } from './+types/record'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FullRecord, type RecordPageTexts } from '#app/components/personnel/record-page.tsx'
import { trimRecord } from '#app/components/personnel/timeline.tsx'
import { useTimelineTexts } from '#app/components/personnel/timeline-texts.ts'
import { useT } from '#app/ui/i18n.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { pageMessages } from '#server/http/page-texts.ts'
import { memberIdOfUser } from '#server/people.ts'
import { readMemberRecord } from '#server/personnel/record.ts'

// The signed-in member's own full service record (docs/rules/personnel.md): everything but admin notes. Someone who is
// not on the roster is told so. The page speaks the person's language; the record's lines are its own text, as the
// /api gives it (English), with the unit's names in them.

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePageUser(request, context)
  const db = getServices(context).db
  const [memberId, messages] = await Promise.all([memberIdOfUser(db, user), pageMessages(request, context, ['record'])])
  return {
    record: memberId === null ? null : trimRecord(await readMemberRecord(db, user, memberId), new URL(request.url)),
    messages,
  }
}

export default function AccountRecordPage({ loaderData }: Route.ComponentProps) {
  const { record } = loaderData
  const t = useT('record')
  const lines = useTimelineTexts()
  const texts = useMemo<RecordPageTexts>(
    () => ({
      intro: (name) => t('intro', { name }),
      publicProfile: t('publicProfile'),
      timeline: t('timeline'),
      milestonesOnly: t('milestonesOnly'),
      showAttendance: (count) => t('showAttendance', { count }),
      timelineLabel: (name) => t('timelineLabel', { name }),
      lines,
    }),
    [t, lines],
  )
  if (!record)
    return (
      <main className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-zinc-400">{t('notOnRoster')}</p>
      </main>
    )
  return <FullRecord record={record} title={t('title')} back={{ to: '/account', label: t('back') }} texts={texts} />
}

export function meta({ loaderData }: Route.MetaArgs) {
  const record = loaderData?.messages['record'] as { pageTitle?: string } | undefined
  return [{ title: record?.pageTitle ?? 'Your service record · Task Force HQ' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
