import { ACTIVITY_WEEKS_INVALID, parseActivityWeeks } from '#contracts/activity.ts'
import { Invalid } from '../errors.ts'

/** `?weeks=` of a request: the default when absent; 400 for anything but a whole number from 1 to 52. */
export function weeksParam(request: Request): number {
  const params = new URL(request.url).searchParams
  const all = params.getAll('weeks')
  const weeks = all.length > 1 ? null : parseActivityWeeks(params.get('weeks'))
  if (weeks === null) throw new Invalid(ACTIVITY_WEEKS_INVALID)
  return weeks
}
