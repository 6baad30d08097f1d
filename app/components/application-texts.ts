import { useMemo } from 'react'
import type { MyApplicationTexts } from '#app/components/recruitment.tsx'
import { useT } from '#app/ui/i18n.tsx'

// An applicant's view of their application in the page's language (the catalogs' `applications`): the account page's
// applications and the join page's open one say it alike. The answers, the reason and the names in the history are
// people's own words.

export function useApplicationTexts(): MyApplicationTexts {
  const t = useT('applications')
  return useMemo<MyApplicationTexts>(
    () => ({
      applicationOf: (date) => t.rich('applicationOf', { date: () => date }),
      status: (status) => t(`status.${status}`),
      reason: (reason, label) => t.rich('reason', { reason, label }),
      welcome: t('welcome'),
      leftRoster: t('leftRoster'),
      answers: t('answers'),
      history: {
        label: t('history.label'),
        line: (entry) => {
          if (entry.kind === 'submitted') return t('history.submitted')
          if (entry.kind === 'withdrawn') return t('history.withdrawn')
          if (entry.kind === 'assigned') {
            const assignee = entry.note ?? t('history.nobody')
            return entry.by ? t('history.assignedBy', { assignee, by: entry.by }) : t('history.assigned', { assignee })
          }
          const status = entry.to_status ? t(`status.${entry.to_status}`) : ''
          return entry.by ? t('history.movedBy', { status, by: entry.by }) : t('history.moved', { status })
        },
      },
    }),
    [t],
  )
}
