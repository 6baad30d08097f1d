import { describe, expect, it } from 'vitest'
import { ROSTER_INTENTS } from '#contracts/roster.ts'
import { confirmKeyOf } from '#app/ui/delete-button.tsx'
import { confirmingIdOf, countText, openDialogOf, pageHref } from './state.ts'

const filters = { term: '', type: 'name', qualification: null, is_banned: false, page: 1, limit: 30 } as const

describe('the Members tab URL state', () => {
  it('knows only its own dialogs', () => {
    expect(openDialogOf(new URLSearchParams('dialog=ban&member=4'))).toBe('ban')
    expect(openDialogOf(new URLSearchParams('dialog=graduate'))).toBe('graduate')
    expect(openDialogOf(new URLSearchParams('dialog=ping'))).toBeNull()
    expect(openDialogOf(new URLSearchParams(''))).toBeNull()
  })

  it('reads the member a delete asks about from its confirm key', () => {
    expect(confirmingIdOf(new URLSearchParams(`confirm=${confirmKeyOf(ROSTER_INTENTS.deleteMember, 12)}`))).toBe('12')
    expect(confirmingIdOf(new URLSearchParams('confirm=delete-qualification-12'))).toBeNull()
  })

  it('pages keep the list query and close every dialog; page 1 has no page', () => {
    const location = {
      pathname: '/admin/roster/members',
      search: '?term=rey&limit=60&page=2&dialog=ban&member=3&edit=4&confirm=x',
    }
    expect(pageHref(location, 3)).toBe('/admin/roster/members?term=rey&limit=60&page=3')
    expect(pageHref(location, 1)).toBe('/admin/roster/members?term=rey&limit=60')
    expect(pageHref({ pathname: '/admin/roster/members', search: '?page=2' }, 1)).toBe('/admin/roster/members')
  })

  it('counts the list', () => {
    expect(countText(filters, 1)).toBe('1 active member')
    expect(countText({ ...filters, term: 'rey' }, 1)).toBe('1 active member matches the search')
    expect(countText({ ...filters, is_banned: true, term: 'x' }, 2)).toBe('2 banned members match the search')
  })
})
