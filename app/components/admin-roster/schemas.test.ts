import { describe, expect, it } from 'vitest'
import { BAN_MEMBER_REQUIRED as SERVER_BAN_MEMBER, BAN_REASON_REQUIRED as SERVER_BAN_REASON } from '#server/roster/members.ts'
import { graduateSchema, THRESHOLDS_INTEGERS_ONLY as SERVER_THRESHOLDS, thresholdsInputSchema } from '#server/roster/promotions.ts'
import { RANKS as SERVER_RANKS } from '#db/schema/roster.ts'
import { BAN_MEMBER_REQUIRED, BAN_REASON_REQUIRED, channelFormSchema, GRADUATE_REQUIRED, THRESHOLDS_INTEGERS_ONLY, thresholdsFormSchema } from './schemas.ts'
import { RANKS } from './types.ts'

// The roster forms' browser-side names and rules repeat the services' (which cannot reach the client bundle).

describe('roster admin form schemas', () => {
  it('use the services’ messages and ranks', () => {
    expect(BAN_MEMBER_REQUIRED).toBe(SERVER_BAN_MEMBER)
    expect(BAN_REASON_REQUIRED).toBe(SERVER_BAN_REASON)
    expect(THRESHOLDS_INTEGERS_ONLY).toBe(SERVER_THRESHOLDS)
    expect(RANKS).toEqual(SERVER_RANKS)
    expect(graduateSchema.safeParse({ memberIds: [], completionDate: '2026-01-01' }).error?.issues[0]?.message).toBe(GRADUATE_REQUIRED)
  })

  it('accept the thresholds the service accepts, as the same values', () => {
    const input = { thresholds: [{ from_rank: 'BMT', required_score: '5' }, { from_rank: 'JNCO', required_score: '' }, { from_rank: 'NCO', required_score: ' 30 ' }] }
    const form = thresholdsFormSchema.parse(input)
    expect(form).toEqual(thresholdsInputSchema.parse(input))
    expect(thresholdsInputSchema.parse(form)).toEqual(form)
  })

  it.each(['2.5', '-1', '1e3', '0x10', 'abc', '1234567890'])('refuse %s as a threshold with the spec’s message', (value) => {
    const result = thresholdsFormSchema.safeParse({ thresholds: [{ from_rank: 'BMT', required_score: value }] })
    expect(result.error?.issues[0]?.message).toBe(THRESHOLDS_INTEGERS_ONLY)
    expect(thresholdsInputSchema.safeParse({ thresholds: [{ from_rank: 'BMT', required_score: value }] }).success).toBe(false)
  })

  it('takes a blank channel (announcements off) or a Discord id', () => {
    expect(channelFormSchema.parse({ channel_id: ' 123 ' })).toEqual({ channel_id: '123' })
    expect(channelFormSchema.parse({})).toEqual({ channel_id: '' })
    expect(channelFormSchema.safeParse({ channel_id: 'general' }).success).toBe(false)
  })
})
