import { ACCOUNT_INTENTS, ACCOUNT_FORMS } from './intents.ts'
import { AddToCalendar } from '#app/components/add-to-calendar.tsx'
import { primaryButton, secondaryButton } from '#app/ui/button.ts'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { CopyField } from '#app/ui/copy-field.tsx'
import { Section } from '#app/ui/field.tsx'
import { PostButton } from '#app/ui/post-button.tsx'

// The personal calendar feed on the account page: create it, copy its secret URL or add it to a calendar app,
// regenerate it (the old URL stops working).

const REGENERATE_CONFIRM =
  'Make a new calendar URL? The current one stops working at once: calendars subscribed to it stop updating.'

export function CalendarSection({ feed, appUrl }: { feed: { path: string } | null; appUrl: string }) {
  return (
    <Section
      title="Calendar feed"
      description="Your trainings, the unit's events and the moment ORBAT sign-ups open (with a reminder), in your calendar app. The link is private: anyone who has it can read this calendar."
    >
      {feed ? (
        <>
          <CopyField id="calendar-url" label="Your calendar URL" value={`${appUrl}${feed.path}`} />
          <AddToCalendar appUrl={appUrl} path={feed.path} />
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
