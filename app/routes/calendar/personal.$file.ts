import type { Route } from './+types/personal.$file'
import { calendarResponse } from './respond.server.ts'
import { getServices } from '#server/context.ts'
import { NotFound } from '#server/errors.ts'
import { personalCalendar } from '#server/integrations/calendar.ts'

// GET /calendar/personal/<secret>.ics: a person's feed; the secret in the URL is the only credential (calendar apps
// send no cookies), created and regenerated on /account.

export function loader({ params, context }: Route.LoaderArgs) {
  const secret = /^([A-Za-z0-9_-]{43})\.ics$/.exec(params.file)?.[1]
  return calendarResponse(
    'personal.ics',
    () =>
      secret
        ? personalCalendar(getServices(context), secret)
        : Promise.reject(new NotFound('Calendar feed not found.')),
    'private',
  )
}
