// The shared field rules (docs/rules/api.md, Ids and numbers): text fields refuse the NUL byte PostgreSQL cannot store
// (naming the field), numbers and ids are read in plain decimal notation only, in JSON bodies and in forms parsed by
// conform alike.
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { idInput, numberInput, parseIdText, strictNumber, text } from './fields.ts'
import { memberFieldsSchema } from './roster.ts'

const issuesOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => ({ path: i.path, message: i.message }))

describe('text()', () => {
  const body = z.object({ name: text().trim().min(1).max(10), rows: z.array(z.object({ role: text().nullable() })) })

  it('refuses a NUL byte anywhere, naming the field by its path', () => {
    expect(issuesOf(body, { name: 'Al\u0000pha', rows: [] })).toEqual([
      { path: ['name'], message: 'name contains a NUL character, which cannot be stored.' },
    ])
    expect(issuesOf(body, { name: 'Alpha', rows: [{ role: 'ok' }, { role: '\u0000' }] })).toEqual([
      { path: ['rows', 1, 'role'], message: 'rows[1].role contains a NUL character, which cannot be stored.' },
    ])
  })

  it('is a string schema otherwise: trims, checks lengths, takes other control characters', () => {
    expect(body.parse({ name: '  Alpha\t', rows: [{ role: null }, { role: 'line\nbreak' }] })).toEqual({
      name: 'Alpha',
      rows: [{ role: null }, { role: 'line\nbreak' }],
    })
    expect(body.safeParse({ name: 'x'.repeat(11), rows: [] }).success).toBe(false)
  })
})

describe('numbers and ids', () => {
  it('strictNumber reads JSON numbers and plain decimal text, nothing Number() would also take', () => {
    expect([12, '12', '-3', '2.5', '-0.25'].map((v) => strictNumber(v))).toEqual([12, 12, -3, 2.5, -0.25])
    expect(
      ['0x10', '1e3', ' 5', '5 ', '+5', '', '.5', '5.', 'Infinity', [5], true, null, undefined, Number.NaN].map((v) =>
        strictNumber(v),
      ),
    ).toEqual(Array(14).fill(null))
    expect([strictNumber('5.0', true), strictNumber(1.5, true), strictNumber(4, true)]).toEqual([null, null, 4])
  })

  it('parseIdText takes canonical ids only', () => {
    expect([parseIdText('201'), parseIdText('2147483647')]).toEqual([201, 2_147_483_647])
    for (const odd of [
      '0xc9',
      '201.0',
      '+201',
      ' 201',
      '0.201e3',
      '0201',
      '0',
      '-1',
      '2147483648',
      '',
      null,
      undefined,
      '٢٠١',
    ]) {
      expect(parseIdText(odd), String(odd)).toBeNull()
    }
  })

  it('numberInput and idInput refuse odd spellings in JSON and in forms (conform does not coerce them first)', () => {
    const schema = z.object({
      score: numberInput('A number, please.').pipe(z.number().max(100)),
      id: idInput('An id, please.'),
    })
    expect(schema.parse({ score: '12.5', id: '7' })).toEqual({ score: 12.5, id: 7 })
    expect(issuesOf(schema, { score: '0x10', id: 7 })).toEqual([{ path: ['score'], message: 'A number, please.' }])
    expect(issuesOf(schema, { score: 1, id: 0 })).toEqual([{ path: ['id'], message: 'An id, please.' }])
    expect(issuesOf(schema, { score: 1, id: [7] })).toEqual([{ path: ['id'], message: 'An id, please.' }])

    const form = new FormData()
    for (const [k, v] of Object.entries({
      ingame_name: 'Vance',
      join_date: '2030-01-02',
      hidden_score: '0x10',
      attended_events_count: '1e1',
      qualifications: '+3',
    }))
      form.append(k, v)
    const submission = parseWithZod(form, { schema: memberFieldsSchema })
    expect(submission.status).toBe('error')
    expect(Object.keys(submission.reply().error ?? {}).sort()).toEqual([
      'attended_events_count',
      'hidden_score',
      'qualifications[0]',
    ])
  })
})
