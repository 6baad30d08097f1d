// The sanitiser runs in a worker thread (server/rich-text.ts): input over the limits is refused before it gets there,
// and a large question never holds up the event loop that answers every other request.
import { afterAll, describe, expect, it } from 'vitest'
import { TEST_FIELD_MESSAGES } from '#contracts/assessments.ts'
import { Invalid } from './errors.ts'
import { closeRichTextPool, sanitizeRichText } from './rich-text.ts'

const messages = { tooLong: TEST_FIELD_MESSAGES.questionTextTooLong, tooDeep: TEST_FIELD_MESSAGES.questionTextTooDeep }

afterAll(async () => {
  await closeRichTextPool()
})

/** The longest the event loop was held while `work` ran, measured by a 5 ms timer. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now()
  let longest = 0
  const timer = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }, 5)
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  return longest
}

describe('sanitizeRichText', () => {
  it('sanitises in the worker thread with the same allow-list', async () => {
    expect(await sanitizeRichText('<p onclick="x">a<script>b</script><img src="/auth/logout"></p>', messages)).toBe(
      '<p>a</p>',
    )
  })

  it('refuses 20 KB of deep nesting with 400 at once, without parsing it', async () => {
    const deep = '<span>'.repeat(3000) + 'x' + '</span>'.repeat(3000)
    const started = performance.now()
    await expect(sanitizeRichText(deep.slice(0, 20_000), messages)).rejects.toThrow(
      new Invalid(TEST_FIELD_MESSAGES.questionTextTooDeep),
    )
    expect(performance.now() - started).toBeLessThan(200)
  })

  it('refuses stray end tags that nest past the limit, at once: the parser ignores them, and so does the count', async () => {
    for (const fooled of ['<em></x>'.repeat(2200), '<u></x>'.repeat(2800)]) {
      const started = performance.now()
      await expect(sanitizeRichText(fooled.slice(0, 20_000), messages)).rejects.toThrow(
        new Invalid(TEST_FIELD_MESSAGES.questionTextTooDeep),
      )
      expect(performance.now() - started).toBeLessThan(200)
    }
  })

  it('refuses text over the limit, as sent and as stored', async () => {
    await expect(sanitizeRichText('a'.repeat(20_001), messages)).rejects.toThrow(
      TEST_FIELD_MESSAGES.questionTextTooLong,
    )
    // 19,999 characters that escaping lengthens past the limit: `&` is stored as `&amp;`.
    await expect(sanitizeRichText(`<p>${'&'.repeat(19_990)}</p>`, messages)).rejects.toThrow(
      TEST_FIELD_MESSAGES.questionTextTooLong,
    )
  })

  it('leaves the event loop free while a large question is sanitised', async () => {
    await sanitizeRichText('<p>warm up the thread</p>', messages)
    const large = `<p>${'<strong>bold</strong> and <em>text</em> '.repeat(480)}</p>`
    expect(large.length).toBeLessThan(20_000)
    const stall = await longestStall(() => sanitizeRichText(large, messages))
    expect(stall).toBeLessThan(100)
  })
})
