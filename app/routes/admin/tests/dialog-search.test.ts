import { describe, expect, it } from 'vitest'
import { matchesName, searchTextOf } from './dialog-search.tsx'

describe("the dialogs' member search", () => {
  it('is a case-insensitive substring match on the name, trimmed from ?q=', () => {
    expect(matchesName('Adeyemi', 'DEY')).toBe(true)
    expect(matchesName('Adeyemi', 'x')).toBe(false)
    expect(matchesName('Adeyemi', '')).toBe(true)
    expect(searchTextOf(new URL('http://x/admin/tests/1/attempts?q=%20Sato%20'))).toBe('Sato')
    expect(searchTextOf(new URLSearchParams())).toBe('')
  })
})
