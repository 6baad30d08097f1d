import { describe, expect, it } from 'vitest'
import { rosterSearch, type RosterUrlState } from './query.ts'

const defaults: RosterUrlState = { page: 1, limit: 30, term: '', type: 'name', qualification: null }

describe('rosterSearch', () => {
  it('leaves the defaults out', () => {
    expect(rosterSearch(defaults)).toBe('')
  })

  it('writes every non-default value with the names GET /api/roster uses', () => {
    expect(rosterSearch({ page: 3, limit: 60, term: "O'Connell & co", type: 'rank', qualification: 4 })).toBe(
      '?term=O%27Connell+%26+co&type=rank&qualification=4&limit=60&page=3',
    )
    expect(rosterSearch({ ...defaults, page: 2 })).toBe('?page=2')
  })
})
