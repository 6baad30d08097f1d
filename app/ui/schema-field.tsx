import { getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { Field, inputClass, textareaClass } from './field.tsx'

// Labelled fields bound to a conform field (app/hooks/use-schema-form.ts): its name, constraints, initial value,
// errors and aria wiring come from the contract schema.

export function InputField({
  meta,
  label,
  type = 'text',
  placeholder,
  className = inputClass,
}: {
  meta: FieldMetadata<unknown>
  label: string
  type?: 'text' | 'url' | 'date'
  placeholder?: string
  className?: string
}) {
  const { key: _key, ...props } = getInputProps(meta, { type })
  return (
    <Field id={meta.id} label={label} errors={meta.errors} errorId={meta.errorId}>
      <input {...props} className={className} placeholder={placeholder} />
    </Field>
  )
}

export function TextareaField({ meta, label, rows = 3 }: { meta: FieldMetadata<unknown>; label: string; rows?: number }) {
  const { key: _key, ...props } = getTextareaProps(meta)
  return (
    <Field id={meta.id} label={label} errors={meta.errors} errorId={meta.errorId}>
      <textarea {...props} rows={rows} className={textareaClass} />
    </Field>
  )
}
