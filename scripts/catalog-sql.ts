// `npm run i18n:sql`: writes db/functions/catalog.sql, the notices the stored functions write, from the catalogs
// (server/notifications/database-texts.ts). Run it after changing one of those messages in contracts/i18n/.
import fs from 'node:fs'
import { catalogSql } from '#server/notifications/database-texts.ts'

fs.writeFileSync(new URL('../db/functions/catalog.sql', import.meta.url), catalogSql())
console.log('db/functions/catalog.sql written')
