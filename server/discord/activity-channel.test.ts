import { describe, expect, it } from 'vitest'
import { chunkLines } from './activity-channel.ts'

describe('activity message batching', () => {
  it('joins lines into messages within the limit, in order', () => {
    expect(chunkLines(['a', 'b', 'c'], 2000)).toEqual(['a\nb\nc'])
    expect(chunkLines(['aaaa', 'bbbb', 'cccc'], 9)).toEqual(['aaaa\nbbbb', 'cccc'])
    expect(chunkLines([], 10)).toEqual([])
  })
  it('cuts a single line longer than the limit', () => {
    expect(chunkLines(['x'.repeat(12)], 5)).toEqual(['xxxxx'])
  })
})
