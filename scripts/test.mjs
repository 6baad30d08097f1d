// npm test: everything, in order (the cheap checks first), stopping at the first failure.
import { spawnSync } from 'node:child_process'

const steps = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['build', 'npm run build'],
  ['unit + integration (vitest)', 'npx vitest run'],
  ['browser (Playwright + Chromium)', 'node scripts/e2e.mjs'],
]

for (const [name, command] of steps) {
  const started = Date.now()
  console.log(`\n=== ${name}: ${command}`)
  const result = spawnSync(command, { stdio: 'inherit', shell: true })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n=== ${name} FAILED after ${seconds}s`)
    process.exit(result.status ?? 1)
  }
  console.log(`=== ${name} passed in ${seconds}s`)
}
console.log('\nAll test steps passed.')
