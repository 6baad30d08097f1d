import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { invalid, type FormPost } from './respond.ts'

// The responder's answer to a form that did not save (docs/rules/ui.md, forms without JavaScript): a validation failure
// is a 400 with the inline errors; a conform list intent posted without JavaScript (Add Question, Remove) is no
// failure: 200 with the form as posted plus the change.

const schema = z.object({
  name: z.string({ error: 'Name is required.' }),
  items: z.array(z.object({ text: z.string() })).default([]),
})
const post = { formKey: 'thing' } as FormPost

function form(fields: Array<[string, string]>) {
  const data = new FormData()
  for (const [name, value] of fields) data.append(name, value)
  return data
}

describe('invalid()', () => {
  it('answers a validation failure with 400 and the errors of the form that was sent', () => {
    const answer = invalid(post, parseWithZod(form([]), { schema }))
    expect(answer.init?.status).toBe(400)
    expect(answer.data).toMatchObject({
      ok: false,
      form: 'thing',
      result: { status: 'error', error: { name: ['Name is required.'] } },
    })
  })

  it('answers a list intent without JavaScript with 200 and the list one row longer', () => {
    const intent = JSON.stringify({ type: 'insert', payload: { name: 'items', defaultValue: { text: 'new' } } })
    const answer = invalid(
      post,
      parseWithZod(
        form([
          ['name', 'Kit'],
          ['items[0].text', 'first'],
          ['__intent__', intent],
        ]),
        { schema },
      ),
    )
    expect(answer.init?.status).toBe(200)
    expect(answer.data.result?.initialValue).toEqual({ name: 'Kit', items: [{ text: 'first' }, { text: 'new' }] })
  })
})
