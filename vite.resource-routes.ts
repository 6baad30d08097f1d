import fs from 'node:fs'
import path from 'node:path'
import type { Rollup } from 'vite'
import routes from './app/routes.ts'

// React Router makes every route module a browser entry, so each resource route (a .ts route module without a
// default export: /api, auth) becomes an empty browser chunk, and Rollup says so once per route: a wall of
// "Generated an empty chunk" lines in every build that hides real warnings. Those chunks are expected, so exactly
// these warnings are dropped; any other empty chunk, and every other warning, is still reported.

interface RouteEntry {
  file: string
  children?: RouteEntry[]
}

const flatten = (entries: RouteEntry[]): string[] =>
  entries.flatMap((entry) => [entry.file, ...flatten(entry.children ?? [])])

/** Rollup's chunk name for an entry module: its file name without the extension, `$` and the like made `_`. */
const chunkName = (file: string) =>
  path
    .basename(file)
    .replace(/\.[cm]?[jt]sx?$/, '')
    .replace(/[^\w.-]/g, '_')

function resourceRouteChunks(): Set<string> {
  const files = flatten(routes as RouteEntry[]).filter(
    (file) => !/export\s+default\b/.test(fs.readFileSync(path.resolve('app', file), 'utf8')),
  )
  return new Set(files.map(chunkName))
}

/** Rollup's onwarn: drops the empty-chunk warnings of resource routes, hands every other warning on. */
export function dropResourceRouteEmptyChunks(): (
  warning: Rollup.RollupLog,
  handle: (warning: Rollup.RollupLog) => void,
) => void {
  const expected = resourceRouteChunks()
  return (warning, handle) => {
    if (warning.code === 'EMPTY_BUNDLE' && warning.names?.length && warning.names.every((name) => expected.has(name)))
      return
    handle(warning)
  }
}
