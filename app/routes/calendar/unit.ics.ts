import type { Route } from './+types/unit.ics'
import { calendarResponse } from './respond.server.ts'
import { getServices } from '#server/context.ts'
import { unitCalendar } from '#server/integrations/calendar.ts'

// GET /calendar/unit.ics: the unit's events and visible trainings (public, like the pages that list them).

export function loader({ context }: Route.LoaderArgs) {
  return calendarResponse('unit.ics', () => unitCalendar(getServices(context)), 'public')
}
