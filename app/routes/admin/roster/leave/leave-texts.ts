import { useCallback } from 'react'
import { LEAVE_MESSAGES, LEAVE_PHASE_LABELS, LEAVE_PHASES, LEAVE_REASON_MAX } from '#contracts/leave.ts'
import { TextMatcher, type MatchedText } from '#contracts/text-matcher.ts'
import { useT } from '#app/ui/i18n.tsx'

// The Leave tab's answers in the page's language (docs/rules/languages.md): the use cases answer in English, the
// /api's contract; the tab says the same in its own words, from the catalogs' `adminLeave` and the member's
// `account.leave` (the texts both pages share). The action translates its toasts (route.tsx); the deny dialog
// translates what the browser's own check of the contract schema says. A text not listed here is shown as it came.

const texts = new TextMatcher()
  .same(LEAVE_MESSAGES.approved, 'adminLeave.approved')
  .same(LEAVE_MESSAGES.denied, 'adminLeave.denied')
  .same(LEAVE_MESSAGES.ended, 'account.leave.ended')
  .same(LEAVE_MESSAGES.requestFailed, 'account.leave.requestFailed')
  .same(LEAVE_MESSAGES.loadFailed, 'adminLeave.loadFailed')
  .same(LEAVE_MESSAGES.denyReasonRequired, 'adminLeave.errors.denyReasonRequired')
  .same(LEAVE_MESSAGES.reasonTooLong, 'account.leave.errors.reasonTooLong', { max: LEAVE_REASON_MAX })
  .same(LEAVE_MESSAGES.notFound, 'account.leave.errors.notFound')
  .same(LEAVE_MESSAGES.alreadyEnded, 'account.leave.errors.alreadyEnded')
  .same(LEAVE_MESSAGES.alreadyOver, 'account.leave.errors.alreadyOver')
for (const phase of LEAVE_PHASES) {
  texts.same(LEAVE_MESSAGES.notPending(LEAVE_PHASE_LABELS[phase]), 'adminLeave.errors.notPending', { phase })
  texts.same(LEAVE_MESSAGES.endNotApproved(LEAVE_PHASE_LABELS[phase]), 'account.leave.errors.endNotApproved', { phase })
}

/** The tab's own text for an English text of the /api (its key and values), or null when it has none. */
export function leaveTextOf(message: string): MatchedText | null {
  return texts.find(message)
}

/** Each of a field's errors in the page's words (the deny dialog's reason). */
export function useLeaveErrors(): (errors: string[] | undefined) => string[] | undefined {
  const t = useT()
  return useCallback(
    (errors: string[] | undefined) =>
      errors?.map((message) => {
        const text = leaveTextOf(message)
        return text ? t(text.key as Parameters<typeof t>[0], text.values) : message
      }),
    [t],
  )
}
