// The import boundaries (eslint.config.js, docs/decisions/015-import-boundaries.md) are lint rules; this proves they
// fire by linting deliberate violations with the project's own ESLint config.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { DOMAIN_FLOORS } from '../scripts/domain-layers.mjs'

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

/** The domain-map complaints ESLint raises for `code` saved as `filePath`. */
async function domainErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) })
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`)
  return result.messages.filter((m) => m.ruleId === 'house/domain-imports').map((m) => m.message)
}

describe('the domain map (scripts/domain-layers.mjs)', () => {
  it.each([
    // A floor above, relative or by alias, static, dynamic or re-exported.
    [
      'server/discord/leak.ts',
      "import { saveSetting } from '../settings/admin-settings.ts'",
      /may not import server\/settings\/ \(a floor above/,
    ],
    [
      'server/lib/leak.ts',
      "import { recordAudit } from '#server/audit/audit.ts'",
      /may not import server\/audit\/ \(the same floor/,
    ],
    [
      'server/orbat/mission/leak.ts',
      "export { listMembers } from '../../roster/members.ts'",
      /may not import server\/roster\//,
    ],
    [
      'server/leave/leak.ts',
      "export const load = () => import('#server/personnel/awards.ts')",
      /may not import server\/personnel\//,
    ],
    [
      'server/newdomain/leak.ts',
      "import { logger } from '../lib/wall-time.ts'",
      /server\/newdomain\/ is not in the domain map/,
    ],
  ])('fails %s: %s', async (filePath, code, message) => {
    expect(await domainErrors(filePath, code)).toEqual([expect.stringMatching(message)])
  })

  it.each([
    ['server/roster/ok.ts', "import { postActivity } from '../discord/activity-channel.ts'"],
    ['server/orbat/ok.ts', "import { placementLine } from './waitlist/placement.ts'"],
    ['server/orbat/mission/ok.ts', "import { getSettings } from '#server/unit/settings.ts'"],
    ['server/settings/ok.ts', "import { logger } from '../logger.ts'"],
    ['server/start.ts', "import { createApp } from './http/app.ts'"],
    ['server/roster/members.test.ts', "import { saveSetting } from '../settings/admin-settings.ts'"],
  ])('lets %s import: %s', async (filePath, code) => {
    expect(await domainErrors(filePath, code)).toEqual([])
  })

  it('is the README’s table, and names every domain folder of server/ once', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8')
    const section = readme.slice(readme.indexOf('### The domain map'))
    const rows = [...section.matchAll(/^\| (\d+) \| ([^|]+) \|/gm)].map(([, floor, cells]) => ({
      floor: Number(floor),
      domains: [...cells!.matchAll(/`([a-z-]+)\/`/g)].map(([, name]) => name!),
    }))
    expect(rows).toEqual(DOMAIN_FLOORS.map(({ domains }, index) => ({ floor: index + 1, domains })))
    const folders = fs
      .readdirSync(path.join(root, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
    expect(DOMAIN_FLOORS.flatMap(({ domains }) => domains).sort()).toEqual(folders)
  })
})

describe('the README’s map of the repository', () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8')

  it('names every top-level folder git keeps', () => {
    const map = readme.slice(readme.indexOf('contracts/    what both sides agree on'))
    const folders = new Set(
      execSync('git ls-files', { cwd: root, encoding: 'utf8' })
        .split('\n')
        .filter((file) => file.includes('/') && !file.startsWith('.'))
        .map((file) => file.slice(0, file.indexOf('/'))),
    )
    expect(folders.size).toBeGreaterThan(5)
    for (const folder of folders)
      expect(map, `the folder map names ${folder}/`).toMatch(new RegExp(`^${folder}/ `, 'm'))
  })

  it('links every rules file of docs/rules', () => {
    for (const file of fs.readdirSync(path.join(root, 'docs', 'rules')))
      expect(readme, `the README links docs/rules/${file}`).toContain(`(docs/rules/${file})`)
  })
})
