import { describe, expect, it } from 'vitest'
import { filterPackets } from './library-view.tsx'

const packets = [
  { id: 1, name: 'Standard Operating Procedures', google_doc_url: 'https://docs.google.com/a' },
  { id: 2, name: 'Combat Medic Handbook', google_doc_url: 'https://docs.google.com/b' },
  { id: 3, name: 'Radio Communications Guide', google_doc_url: 'https://docs.google.com/c' },
]

describe('filterPackets (case-insensitive substring on the name)', () => {
  it('keeps every document for an empty or blank search', () => {
    expect(filterPackets(packets, '')).toEqual(packets)
    expect(filterPackets(packets, '   ')).toEqual(packets)
  })

  it('matches anywhere in the name, ignoring case and surrounding spaces', () => {
    expect(filterPackets(packets, ' MEDIC ').map((p) => p.id)).toEqual([2])
    expect(filterPackets(packets, 'o').map((p) => p.id)).toEqual([1, 2, 3])
    expect(filterPackets(packets, 'ations g').map((p) => p.id)).toEqual([3])
    expect(filterPackets(packets, 'nothing')).toEqual([])
  })
})
