import { useMemo } from 'react'
import type { TimelineTexts } from './timeline.tsx'
import { useT } from '#app/ui/i18n.tsx'

// What the service record's timeline says around its lines (the kind of each line, the empty record, who made an
// entry), in the page's language: the catalogs' `record`, sent by both pages that show a timeline (the member's own
// record and a member's public profile). The lines themselves are the record's own text.

export function useTimelineTexts(): TimelineTexts {
  const t = useT('record')
  return useMemo<TimelineTexts>(
    () => ({ kind: (kind) => t(`kinds.${kind}`), empty: t('empty'), by: (name) => t('by', { name }) }),
    [t],
  )
}
