import { describe, expect, it } from 'vitest'
import { activeSection, visibleLinks } from './top-bar.tsx'

describe('nav highlighting', () => {
  it('highlights Admin for any path under /admin and Tests for any path under /tests', () => {
    expect(activeSection('/admin')).toBe('admin')
    expect(activeSection('/admin/orbat')).toBe('admin')
    expect(activeSection('/admin/evaluations/view/3')).toBe('admin')
    expect(activeSection('/tests')).toBe('tests')
    expect(activeSection('/tests/abc/take')).toBe('tests')
    expect(activeSection('/tests/result/abc')).toBe('tests')
    expect(activeSection('/orbat')).toBe('orbat')
    expect(activeSection('/library')).toBe('library')
  })

  it('highlights nothing elsewhere, and does not match look-alike prefixes', () => {
    expect(activeSection('/')).toBeNull()
    expect(activeSection('/roster')).toBeNull()
    expect(activeSection('/administrator')).toBeNull()
    expect(activeSection('/testsuite')).toBeNull()
  })
})

describe('which links show', () => {
  const labels = (user: Parameters<typeof visibleLinks>[0]) =>
    visibleLinks(user).map((l) => (l.wide ? `${l.section} (wide)` : l.section))
  it('Admin for everyone; Join for whoever is neither a member nor an admin, in the place of Tests on phones', () => {
    expect(labels(null)).toEqual(['orbat', 'tests (wide)', 'library', 'admin', 'join'])
    expect(labels({ isAdmin: false, isMember: false })).toEqual(['orbat', 'tests (wide)', 'library', 'admin', 'join'])
    expect(labels({ isAdmin: false, isMember: true })).toEqual(['orbat', 'tests', 'library', 'admin'])
    expect(labels({ isAdmin: true, isMember: true })).toEqual(['orbat', 'tests', 'library', 'admin'])
    expect(labels({ isAdmin: true, isMember: false })).toEqual(['orbat', 'tests', 'library', 'admin'])
    expect(activeSection('/join')).toBe('join')
  })
})
