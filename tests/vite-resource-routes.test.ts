import type { Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import { dropResourceRouteEmptyChunks } from '../vite.resource-routes.ts'

// The build's empty-chunk warnings: every resource route made one (80 lines per build); those, and only those, are
// dropped.

function passedOn(warning: Rollup.RollupLog): Rollup.RollupLog[] {
  const handled: Rollup.RollupLog[] = []
  dropResourceRouteEmptyChunks()(warning, (w) => handled.push(w))
  return handled
}

const emptyChunk = (name: string): Rollup.RollupLog => ({
  code: 'EMPTY_BUNDLE',
  message: `Generated an empty chunk: "${name}".`,
  names: [name],
})

describe('empty chunks of resource routes', () => {
  it('drops the warning of a resource route (/api, auth: .ts route modules without a default export)', () => {
    expect(passedOn(emptyChunk('roster.events._id'))).toEqual([])
    expect(passedOn(emptyChunk('admin.audit-log'))).toEqual([])
    expect(passedOn(emptyChunk('logout'))).toEqual([])
  })

  it('reports an empty chunk of anything else, and every other warning', () => {
    expect(passedOn(emptyChunk('general'))).toHaveLength(1)
    expect(passedOn(emptyChunk('some-helper'))).toHaveLength(1)
    expect(passedOn({ code: 'CIRCULAR_DEPENDENCY', message: 'Circular dependency' })).toHaveLength(1)
  })
})
