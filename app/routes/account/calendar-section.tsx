import { useActionData } from 'react-router'
import { ACCOUNT_INTENTS, ACCOUNT_FORMS, type AccountActionData } from './intents.ts'
import { AddToCalendar } from '#app/components/add-to-calendar.tsx'
import { primaryButton, secondaryButton } from '#app/ui/button.ts'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { CopyField } from '#app/ui/copy-field.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { Section } from '#app/ui/field.tsx'
import { PostButton } from '#app/ui/post-button.tsx'

// The personal calendar feed on the account page: create it, copy its secret URL or add it to a calendar app right
// after (the URL is shown once: only its hash is kept), regenerate it (the old URL stops working).

const REGENERATE_CONFIRM =
  'Make a new calendar URL? The current one stops working at once: calendars subscribed to it stop updating.'

export function CalendarSection({ feed, appUrl }: { feed: { created_at: string } | null; appUrl: string }) {
  const answer = useActionData<AccountActionData>()
  const made = answer && 'calendarFeed' in answer ? answer.calendarFeed : null
  return (
    <Section
      title="Calendar feed"
      description="Your trainings, the unit's events and the moment ORBAT sign-ups open (with a reminder), in your calendar app. The link is private: anyone who has it can read this calendar."
    >
      {made ? (
        <div
          className="flex flex-col gap-3 rounded-lg border border-emerald-500/40 bg-emerald-950/30 p-3"
          data-testid="new-calendar-url"
        >
          <p className="text-sm font-medium text-emerald-100" role="status">
            {made.replaced ? 'New calendar URL made. The old one no longer works.' : 'Calendar feed created.'} Copy the
            URL now or add it to your calendar app: it is not shown again.
          </p>
          <CopyField id="calendar-url" label="Your calendar URL" value={`${appUrl}${made.path}`} />
          <AddToCalendar appUrl={appUrl} path={made.path} />
        </div>
      ) : null}
      {feed ? (
        <>
          {made ? null : (
            <p className="text-sm text-zinc-300">
              Your calendar feed is on (made <DateTime iso={feed.created_at} />
              ). Its URL was shown once, when it was made; lost it? Make a new one: the old one then stops working.
            </p>
          )}
          <ConfirmStep
            confirmKey={ACCOUNT_INTENTS.calendarFeed}
            intent={ACCOUNT_INTENTS.calendarFeed}
            message={REGENERATE_CONFIRM}
            confirmLabel="Regenerate"
          />
          <div>
            <ConfirmButtonForm
              formKey={ACCOUNT_FORMS.calendar}
              intent={ACCOUNT_INTENTS.calendarFeed}
              confirm={REGENERATE_CONFIRM}
              label="Regenerate URL"
              className={secondaryButton}
            />
          </div>
        </>
      ) : (
        <div>
          <PostButton
            formKey={ACCOUNT_FORMS.calendar}
            intent={ACCOUNT_INTENTS.calendarFeed}
            label="Create my calendar feed"
            className={primaryButton}
          />
        </div>
      )}
      <p className="text-xs text-zinc-500">
        The whole unit&apos;s calendar (no sign-in needed):{' '}
        <a className="text-brand-400 underline" href="/calendar/unit.ics">
          /calendar/unit.ics
        </a>
      </p>
    </Section>
  )
}
