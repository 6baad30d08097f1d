import type { ActivityDashboard } from '#contracts/activity.ts'

/** The page's URL with some parameters changed (the others kept). */
export function hrefWith(
  data: Pick<ActivityDashboard, 'weeks' | 'sort' | 'dir' | 'page'>,
  change: Record<string, string | number>,
) {
  const params = new URLSearchParams({
    weeks: String(data.weeks),
    sort: data.sort,
    dir: data.dir,
    page: String(data.page),
    ...Object.fromEntries(Object.entries(change).map(([k, v]) => [k, String(v)])),
  })
  if (params.get('page') === '1') params.delete('page')
  return `/admin/activity?${params}`
}
