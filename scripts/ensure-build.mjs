// `npm start` serves the production build; on a fresh clone there is none yet, so build it first.
import { existsSync } from 'node:fs'
import { execSync } from 'node:child_process'

if (!existsSync('build/server/index.js') || !existsSync('build/client')) {
  console.log('No build found: running "npm run build" first...')
  execSync('npm run build', { stdio: 'inherit' })
}
