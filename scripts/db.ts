// npm run db:migrate / db:seed: against DATABASE_URL, or the embedded database under DATA_DIR.
import { createDb, runMigrations } from '#db/client.ts'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { loadConfig } from '#server/config.ts'
import { startDatabase } from '#server/database.ts'
import { describeError } from '#server/error-text.ts'
import { storeDemoAwardImages } from '#server/personnel/seed-images.ts'

const command = process.argv[2]
if (command !== 'migrate' && command !== 'seed') {
  console.error('Usage: tsx scripts/db.ts migrate|seed')
  process.exit(2)
}
const config = loadConfig()
const database = await startDatabase(config).catch((error) => {
  console.error(`Could not start the database: ${describeError(error)}`)
  process.exit(1)
})
try {
  await runMigrations(database.url)
  console.log('Migrations applied.')
  if (command === 'seed') {
    const handle = createDb(database.url, { max: 2 })
    const seeded = await seedDemoData(handle.db)
    await storeDemoAwardImages({ config })
    console.log(seeded ? 'Demo unit seeded.' : 'The database already has members: nothing seeded.')
    await handle.close()
  }
} finally {
  await database.stop()
}
