import { getFormProps, useForm, type DefaultValue } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { useFormPost } from './use-form-post.tsx'

// A conform form driven by one contract schema (docs/decisions/016-one-admin-kit.md): the browser validates with the
// schema the action parses with, and the action's 400 reply (submission.reply()) lands on the same fields.

export function useSchemaForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  formKey: string,
  schema: S,
  options: {
    /** conform's form id: distinct per record, so editing another record starts fresh. */
    id: string
    defaultValue?: DefaultValue<z.input<S>>
    /** When fields first show their errors (then they follow every input). */
    validateOn?: 'onBlur' | 'onSubmit'
  },
) {
  const post = useFormPost(formKey)
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id: options.id,
    lastResult: post.lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: options.validateOn ?? 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  // What every such <Form> carries: a post to the page's action, and conform's id, noValidate and onSubmit.
  const formProps = { method: 'post' as const, action: post.action, ...getFormProps(form) }
  return { ...post, form, fields, formProps }
}
