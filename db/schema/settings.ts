// Key/value settings edited in the admin panels.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Known setting keys. signup_time is an ISO date-time ('' when cleared); the rest are Discord ids ('' = unset). */
export const SETTING_KEYS = [
  'signup_time',
  'promotion_channel_id',
  'event_ping_role_id',
  'squad_channel_category_id',
  'milsim_role_id',
  'orbat_activity_channel_id',
] as const
export type SettingKey = (typeof SETTING_KEYS)[number]

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull().default(''),
  updated_at: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
})

export type Setting = typeof settings.$inferSelect
export type NewSetting = typeof settings.$inferInsert
