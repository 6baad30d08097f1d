import { useActionData } from 'react-router'
import { ACCOUNT_INTENTS, ACCOUNT_FORMS, type AccountActionData } from './intents.ts'
import { useConfirmTexts, useCopyTexts } from './kit-texts.ts'
import { AddToCalendar } from '#app/components/add-to-calendar.tsx'
import { primaryButton, secondaryButton } from '#app/ui/button.ts'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { CopyField } from '#app/ui/copy-field.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { Section } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { PostButton } from '#app/ui/post-button.tsx'

// The personal calendar feed on the account page: create it, copy its secret URL or add it to a calendar app right
// after (the URL is shown once: only its hash is kept), regenerate it (the old URL stops working).

/** The unit's own feed, open to anyone. */
const UNIT_CALENDAR = '/calendar/unit.ics'

export function CalendarSection({ feed, appUrl }: { feed: { created_at: string } | null; appUrl: string }) {
  const t = useT('account.calendar')
  const dialog = useConfirmTexts()
  const copyTexts = useCopyTexts()
  const answer = useActionData<AccountActionData>()
  const made = answer && 'calendarFeed' in answer ? answer.calendarFeed : null
  const regenerateConfirm = t('regenerateConfirm')
  return (
    <Section title={t('title')} description={t('description')}>
      {made ? (
        <div
          className="flex flex-col gap-3 rounded-lg border border-emerald-500/40 bg-emerald-950/30 p-3"
          data-testid="new-calendar-url"
        >
          <p className="text-sm font-medium text-emerald-100" role="status">
            {made.replaced ? t('replaced') : t('created')} {t('copyNow')}
          </p>
          <CopyField id="calendar-url" label={t('urlLabel')} value={`${appUrl}${made.path}`} texts={copyTexts} />
          <AddToCalendar
            appUrl={appUrl}
            path={made.path}
            texts={{
              label: t('addTo'),
              caption: t('addToLead'),
              subscribe: t('subscribe'),
              google: t('google'),
              download: t('download'),
            }}
          />
        </div>
      ) : null}
      {feed ? (
        <>
          {made ? null : (
            <p className="text-sm text-zinc-300">{t.rich('on', { date: () => <DateTime iso={feed.created_at} /> })}</p>
          )}
          <ConfirmStep
            confirmKey={ACCOUNT_INTENTS.calendarFeed}
            intent={ACCOUNT_INTENTS.calendarFeed}
            message={regenerateConfirm}
            confirmLabel={t('regenerate')}
            cancelLabel={dialog.cancel}
          />
          <div>
            <ConfirmButtonForm
              formKey={ACCOUNT_FORMS.calendar}
              intent={ACCOUNT_INTENTS.calendarFeed}
              confirm={regenerateConfirm}
              dialog={dialog}
              label={t('regenerateUrl')}
              className={secondaryButton}
            />
          </div>
        </>
      ) : (
        <div>
          <PostButton
            formKey={ACCOUNT_FORMS.calendar}
            intent={ACCOUNT_INTENTS.calendarFeed}
            label={t('create')}
            className={primaryButton}
          />
        </div>
      )}
      <p className="text-xs text-zinc-500">
        {t.rich('unitCalendar', {
          link: () => (
            <a className="text-brand-400 underline" href={UNIT_CALENDAR}>
              {UNIT_CALENDAR}
            </a>
          ),
        })}
      </p>
    </Section>
  )
}
