import path from 'node:path'
import { build } from 'vite'
import { describe, expect, it } from 'vitest'
import { denyServerImports } from '../vite.deny-imports.ts'

const root = path.resolve(import.meta.dirname, '..')

function buildClient(entry: string) {
  return build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [denyServerImports()],
    build: { write: false, rollupOptions: { input: path.join(root, entry) } },
  })
}

describe('client bundle guard', () => {
  it('fails the client build when client code imports server/', async () => {
    await expect(buildClient('tests/fixtures/client-leak.ts')).rejects.toThrow(/server\/logger\.ts/)
  })

  it('builds client code that stays on its side', async () => {
    await expect(buildClient('tests/fixtures/client-clean.ts')).resolves.toBeDefined()
  })
})
