import { describe, expect, it } from 'vitest'
import { WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENT_TYPES } from './webhooks.ts'

describe('the Webhooks page event groups', () => {
  it('offer every event type once', () => {
    const offered = WEBHOOK_EVENT_GROUPS.flatMap((group) => group.types)
    expect([...offered].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort())
  })
})
