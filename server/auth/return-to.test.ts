import { describe, expect, it } from 'vitest'
import { safeReturnTo } from './login.ts'

describe('safeReturnTo', () => {
  it('keeps local paths', () => {
    expect(safeReturnTo('/admin')).toBe('/admin')
    expect(safeReturnTo('/tests/abc/take?x=1')).toBe('/tests/abc/take?x=1')
    expect(safeReturnTo('/roster#top')).toBe('/roster#top')
  })
  it('answers a valid Location header for any path a person could bookmark', () => {
    expect(safeReturnTo('/roster?term=Müller')).toBe('/roster?term=M%C3%BCller')
    expect(() => new Headers({ Location: safeReturnTo('/trainings/é') })).not.toThrow()
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
      '/\t/evil.example',
      '/%09/evil.example'.replace('%09', '\t'),
      '/\n/evil.example',
      '/\r\nSet-Cookie: x=1',
      '/\u0000/evil.example',
      '/a\\b',
      '/' + 'a'.repeat(3000),
    ]) {
      expect(safeReturnTo(value)).toBe('/')
    }
  })
})
