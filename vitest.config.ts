import { defineConfig } from 'vitest/config'

// Unit and integration tests (real PostgreSQL: one embedded server for the run, a fresh database per file).
// Browser tests live in tests/e2e and run under Playwright, not here.
export default defineConfig({
  resolve: {
    // Mirror package.json "imports" for vite-node.
    alias: [
      { find: /^#app\/(.*)$/, replacement: new URL('./app/$1', import.meta.url).pathname },
      { find: /^#contracts\/(.*)$/, replacement: new URL('./contracts/$1', import.meta.url).pathname },
      { find: /^#server\/(.*)$/, replacement: new URL('./server/$1', import.meta.url).pathname },
      { find: /^#db\/(.*)$/, replacement: new URL('./db/$1', import.meta.url).pathname },
      { find: /^#jobs\/(.*)$/, replacement: new URL('./jobs/$1', import.meta.url).pathname },
      { find: /^#tests\/(.*)$/, replacement: new URL('./tests/$1', import.meta.url).pathname },
    ],
  },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'build/**', 'tests/e2e/**', '.data/**'],
    globalSetup: ['tests/harness/global-setup.ts'],
    setupFiles: ['tests/harness/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its files one after another in one module graph: the app's modules and their dependencies are
    // loaded once per worker, not once per file (docs/decisions/057-vitest-files-share-their-worker.md). The tests
    // keep no state in modules: each starts its own app and database, and nothing stubs globals or the environment.
    isolate: false,
    fileParallelism: true,
    maxWorkers: 4,
    // The time of every test and file, for the run's time guard (scripts/test.mjs).
    reporters: ['default', './tests/harness/timing-reporter.ts'],
  },
})
