// The map of server/'s domain folders, bottom floor first: a domain may import the domains on the floors below its
// own, never one on its own floor or above, so no two domains import each other. Checked on every file by the lint rule
// `house/domain-imports` (eslint.config.js, proven by tests/lint-boundaries.test.ts); the README shows the same table
// (a test keeps the two equal). server/'s root files (context, errors, transaction, logger ...) are the kernel every
// floor uses; start.ts, main.ts and change-listeners.ts assemble the app from all floors.
import path from 'node:path'

/** @type {{ floor: string, domains: string[] }[]} */
export const DOMAIN_FLOORS = [
  { floor: 'helpers', domains: ['lib', 'audit', 'unit'] },
  { floor: 'outside', domains: ['discord', 'notifications', 'library', 'openapi', 'discord-stand-in'] },
  { floor: 'outgoing', domains: ['webhooks'] },
  { floor: 'people', domains: ['auth', 'leave'] },
  { floor: 'reads', domains: ['activity', 'role-sync'] },
  { floor: 'units', domains: ['orbat', 'personnel'] },
  { floor: 'use cases', domains: ['allies', 'assessments', 'http', 'recruitment', 'settings'] },
  { floor: 'roster', domains: ['roster'] },
  { floor: 'integrations', domains: ['integrations', 'moving', 'backups'] },
]

const floorOf = new Map(DOMAIN_FLOORS.flatMap(({ domains }, index) => domains.map((domain) => [domain, index])))

/** The domain folder a file under `serverDir` belongs to, or null for server/'s root files and files outside it. */
export function domainOf(serverDir, file) {
  const relative = path.relative(serverDir, file)
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null
  const parts = relative.split(path.sep)
  return parts.length > 1 ? parts[0] : null
}

/** Why `from` may not import `to` (null when it may). */
export function domainImportRefusal(from, to) {
  if (from === to) return null
  const fromFloor = floorOf.get(from)
  const toFloor = floorOf.get(to)
  if (fromFloor === undefined)
    return `server/${from}/ is not in the domain map: add it to scripts/domain-layers.mjs and the README's table.`
  if (toFloor === undefined)
    return `server/${to}/ is not in the domain map: add it to scripts/domain-layers.mjs and the README's table.`
  if (toFloor < fromFloor) return null
  return `server/${from}/ may not import server/${to}/ (${toFloor === fromFloor ? 'the same floor' : 'a floor above'} in the domain map, scripts/domain-layers.mjs): move what both need down (server/lib/ for domain-free helpers), or move the use case up.`
}
