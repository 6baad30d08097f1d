// Key/value settings edited in the admin panels.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export { SETTING_KEYS, type SettingKey } from '../../contracts/settings.ts'

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
