import { z } from 'zod'
import { text } from './fields.ts'
import { canonicalTimeZone, INVALID_TIME_ZONE } from './time-zone.ts'

// Apart from time-zone.ts, which every page's script loads through the root: the form schema (and zod with it) only
// where the setting is edited.

/** The unit's time zone on the General settings page; PUT /api/admin/settings checks the value the same way. */
export const unitTimeZoneSchema = z.object({
  unit_time_zone: text({ error: INVALID_TIME_ZONE })
    .refine((v) => canonicalTimeZone(v) !== null, INVALID_TIME_ZONE)
    .transform((v) => canonicalTimeZone(v)!),
})
