import type { FieldMetadata } from '@conform-to/react'
import { fieldProps, inputProps, textareaProps } from './conform-props.ts'
import { Field, inputClass, RequiredMark, textareaClass } from './field.tsx'

// The two fields every named thing an admin defines starts with (a qualification, an award): its name, required, and
// a free-text description.

export function NameAndDescriptionFields({
  name,
  description,
}: {
  name: FieldMetadata<unknown>
  description: FieldMetadata<unknown>
}) {
  return (
    <>
      <Field
        {...fieldProps(
          name,
          <>
            Name
            <RequiredMark />
          </>,
        )}
      >
        <input {...inputProps(name)} autoComplete="off" className={inputClass} />
      </Field>
      <Field {...fieldProps(description, 'Description')}>
        <textarea {...textareaProps(description)} rows={3} className={textareaClass} />
      </Field>
    </>
  )
}
