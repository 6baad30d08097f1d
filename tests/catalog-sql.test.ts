import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { catalogSql } from '#server/notifications/database-texts.ts'

describe('db/functions/catalog.sql', () => {
  it('holds the catalogs as they are (run `npm run i18n:sql` after changing a message it names)', () => {
    expect(fs.readFileSync(new URL('../db/functions/catalog.sql', import.meta.url), 'utf8')).toBe(catalogSql())
  })
})
