import { defineConfig } from 'drizzle-kit'

// `npx drizzle-kit generate` needs no database; migrate/studio use DATABASE_URL when it is set.
// The app applies db/migrations itself at start-up (db/client.ts runMigrations).
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  strict: true,
  verbose: true,
  ...(process.env.DATABASE_URL ? { dbCredentials: { url: process.env.DATABASE_URL } } : {}),
})
