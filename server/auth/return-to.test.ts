import { describe, expect, it } from 'vitest'
import { safeReturnTo } from './login.ts'

describe('safeReturnTo', () => {
  it('keeps local paths', () => {
    expect(safeReturnTo('/admin')).toBe('/admin')
    expect(safeReturnTo('/tests/abc/take?x=1')).toBe('/tests/abc/take?x=1')
  })
  it('refuses anything that could leave the site or loop through login', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'evil',
      '',
      null,
      42,
      '/auth/discord',
    ]) {
      expect(safeReturnTo(value)).toBe('/')
    }
  })
})
