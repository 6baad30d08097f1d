// The import boundaries (eslint.config.js, docs/decisions/015-import-boundaries.md) are lint rules; this proves they
// fire by linting deliberate violations with the project's own ESLint config.
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })

/** The boundary complaints ESLint raises for `code` saved as `filePath` (other rules are not this test's business). */
async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) })
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`)
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => ({ ruleId: m.ruleId, message: m.message }))
}

const uiFromBelow = /Arrows point down.*never import the UI/

describe('import boundaries', () => {
  it.each([
    ['server/orbat/leak.ts', "import { OrbatIcon } from '#app/ui/icons.tsx'"],
    ['server/orbat/leak.ts', "import { OrbatIcon } from '../../app/ui/icons.tsx'"],
    ['db/schema/leak.ts', "import { OrbatIcon } from '#app/ui/icons.tsx'"],
    ['jobs/leak.ts', "import { OrbatIcon } from '#app/ui/icons.tsx'"],
  ])('fails %s importing the UI: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([
      { ruleId: 'no-restricted-imports', message: expect.stringMatching(uiFromBelow) },
    ])
  })

  it('fails a dynamic import of the UI from server/', async () => {
    expect(await boundaryErrors('server/leak.ts', "export const load = () => import('#app/root.tsx')")).toEqual([
      { ruleId: 'no-restricted-syntax', message: expect.stringMatching(uiFromBelow) },
    ])
  })

  it.each([
    "import { loadConfig } from '#server/config.ts'",
    "import { loadConfig } from '../../server/config.ts'",
    "import { startJobs } from '#jobs/agenda.ts'",
  ])('fails db/ importing a layer above it: %s', async (code) => {
    expect(await boundaryErrors('db/seed/leak.ts', code)).toEqual([
      { ruleId: 'no-restricted-imports', message: expect.stringMatching(/db\/ is the bottom layer/) },
    ])
  })

  it.each([
    "import { useState } from 'react'",
    "import type { LoaderFunctionArgs } from 'react-router'",
    "import { sql } from 'drizzle-orm'",
    "import { readFileSync } from 'node:fs'",
    "import { loadConfig } from '#server/config.ts'",
    "import { members } from '#db/schema/index.ts'",
    "import { OrbatIcon } from '#app/ui/icons.tsx'",
    "export * from '#tests/harness/db.ts'",
    "import { loadConfig } from '../server/config.ts'",
  ])('fails contracts/ importing anything but zod and contracts: %s', async (code) => {
    expect(await boundaryErrors('contracts/leak.ts', code)).toEqual([
      {
        ruleId: 'no-restricted-imports',
        message: expect.stringMatching(/contracts\/ is client-safe and imports only zod/),
      },
    ])
  })

  it.each([
    ["import { z } from 'zod'\nexport const name = z.string().max(100)", /text\(\) from contracts\/fields\.ts/],
    ["import { z } from 'zod'\nexport const id = z.coerce.number().int()", /numberInput\(\) or idInput\(\)/],
  ])('fails a contracts/ field that would take NUL bytes or odd numbers: %s', async (code, message) => {
    expect(await boundaryErrors('contracts/leak.ts', code)).toEqual([
      { ruleId: 'no-restricted-syntax', message: expect.stringMatching(message) },
    ])
  })

  it.each([
    ['contracts/orbat.ts', "import { z } from 'zod'"],
    ['contracts/orbat.ts', "import type { PublicUser } from './types.ts'"],
    ['contracts/orbat.ts', "import type { PublicUser } from '#contracts/types.ts'"],
    ['contracts/forms/orbat.ts', "import type { PublicUser } from '../types.ts'"],
    ['server/orbat/ok.ts', "import type { PublicUser } from '#contracts/types.ts'"],
    ['server/auth/ok.ts', "import { DEMO_GUILD_ID } from '#db/seed/demo-guild.ts'"],
    ['jobs/ok.ts', "import { loadConfig } from '#server/config.ts'"],
    ['app/routes/ok.tsx', "import { loadConfig } from '#server/config.ts'"],
  ])('lets %s import downwards: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([])
  })
})
