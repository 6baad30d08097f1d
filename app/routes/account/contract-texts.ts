import { useCallback } from 'react'
import { API_TOKEN_MESSAGES, API_TOKEN_NAME_MAX, MAX_API_TOKENS } from '#contracts/api-tokens.ts'
import {
  LEAVE_MAX_PENDING,
  LEAVE_MESSAGES,
  LEAVE_PAST_DAYS,
  LEAVE_PHASE_LABELS,
  LEAVE_PHASES,
  LEAVE_REASON_MAX,
} from '#contracts/leave.ts'
import { NOTIFICATION_MESSAGES } from '#contracts/notifications.ts'
import { APPLICATION_STATUSES, RECRUITMENT_MESSAGES } from '#contracts/recruitment.ts'
import { TextMatcher, type MatchedText, type TextValues } from '#contracts/text-matcher.ts'
import { useT } from '#app/ui/i18n.tsx'

// The /api's texts as the account page shows them (docs/rules/languages.md): the /api speaks English, its refusals are
// a contract other tools read; the page shows the same refusal in the person's language. Each English text a section's
// use cases and forms can answer maps to its message under the catalogs' `account` namespace (or `applications`), with the values it was
// made from. The action translates what it answers (route.tsx); the forms translate what the browser's own check of the
// contract schema says. A text not listed here is shown as it came.

/** A text of the catalogs, by its whole key: `account.leave.errors.overlap` with its values. */
export type AccountText = MatchedText

const texts = new TextMatcher()
/** A text of the `account` namespace (the key without it). */
const same = (message: string, key: string, values?: TextValues) => texts.same(message, `account.${key}`, values)
const made = (make: (...values: never[]) => string, key: string, names: string[], numbers: string[] = []) =>
  texts.madeBy(make, `account.${key}`, names, numbers)

// Leave of absence: the form's own checks, then the use cases' refusals.
same(LEAVE_MESSAGES.startRequired, 'leave.errors.startRequired')
same(LEAVE_MESSAGES.endRequired, 'leave.errors.endRequired')
same(LEAVE_MESSAGES.invalidDate, 'leave.errors.invalidDate')
same(LEAVE_MESSAGES.endBeforeStart, 'leave.errors.endBeforeStart')
same(LEAVE_MESSAGES.reasonRequired, 'leave.errors.reasonRequired')
same(LEAVE_MESSAGES.reasonTooLong, 'leave.errors.reasonTooLong', { max: LEAVE_REASON_MAX })
same(LEAVE_MESSAGES.startTooEarly, 'leave.errors.startTooEarly', { days: LEAVE_PAST_DAYS })
same(LEAVE_MESSAGES.notOnRoster, 'leave.errors.notOnRoster')
same(LEAVE_MESSAGES.banned, 'leave.errors.banned')
same(LEAVE_MESSAGES.tooManyPending, 'leave.errors.tooManyPending', { max: LEAVE_MAX_PENDING })
same(LEAVE_MESSAGES.notFound, 'leave.errors.notFound')
same(LEAVE_MESSAGES.notYours, 'leave.errors.notYours')
same(LEAVE_MESSAGES.alreadyEnded, 'leave.errors.alreadyEnded')
same(LEAVE_MESSAGES.alreadyOver, 'leave.errors.alreadyOver')
for (const phase of LEAVE_PHASES) {
  same(LEAVE_MESSAGES.withdrawNotPending(LEAVE_PHASE_LABELS[phase]), 'leave.errors.withdrawNotPending', { phase })
  same(LEAVE_MESSAGES.endNotApproved(LEAVE_PHASE_LABELS[phase]), 'leave.errors.endNotApproved', { phase })
}
made(LEAVE_MESSAGES.tooLong, 'leave.errors.tooLong', ['maxDays'], ['maxDays'])
made(LEAVE_MESSAGES.overlap, 'leave.errors.overlap', ['start', 'end'])

// API tokens.
same(API_TOKEN_MESSAGES.nameRequired, 'tokens.errors.nameRequired')
same(API_TOKEN_MESSAGES.nameTooLong, 'tokens.errors.nameTooLong', { max: API_TOKEN_NAME_MAX })
same(API_TOKEN_MESSAGES.nameTaken, 'tokens.errors.nameTaken')
same(API_TOKEN_MESSAGES.tooMany, 'tokens.errors.tooMany', { max: MAX_API_TOKENS })
same(API_TOKEN_MESSAGES.adminOnly, 'tokens.errors.adminOnly')
same('Token not found.', 'tokens.errors.notFound')

// Notifications: the choices form and the devices.
same(NOTIFICATION_MESSAGES.saveFailed, 'notifications.saveFailed')
same('No such device.', 'notifications.noSuchDevice')
same('Only admins can choose to hear of new applications and leave requests.', 'notifications.adminKind')

// Applications (their own namespace, which the join page shares).
texts.same(RECRUITMENT_MESSAGES.notFound, 'applications.notFound')
for (const status of APPLICATION_STATUSES)
  texts.same(RECRUITMENT_MESSAGES.notOpen(status), 'applications.notOpen', { status })

/** The account page's own text for an English text of the /api, or null when it has none. */
export function accountTextOf(message: string): AccountText | null {
  return texts.find(message)
}

/** In a section: the page's own words for a text of the /api (a form's check, a refusal), else the text as it came. */
export function useAccountText(): (message: string) => string {
  const t = useT()
  return useCallback(
    (message: string) => {
      const text = accountTextOf(message)
      return text ? t(text.key as Parameters<typeof t>[0], text.values) : message
    },
    [t],
  )
}

/** Each of a field's errors in the page's words. */
export function useAccountErrors(): (errors: string[] | undefined) => string[] | undefined {
  const text = useAccountText()
  return useCallback((errors: string[] | undefined) => errors?.map(text), [text])
}
