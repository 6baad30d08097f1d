import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { idSet } from './choices.tsx'

// The one way to bind a control to a conform field (app/hooks/use-schema-form.ts): conform's props without their
// `key` (React warns when a `key` is spread into JSX, and the form's own key, its id, already resets the fields),
// and the props of the kit's <Field> and <CheckboxList>. Its name, constraints, initial value and aria wiring come
// from the contract schema.

type Field = FieldMetadata<unknown>

/** A text-like input's props (checkboxes and radios need conform's own options). */
export function inputProps(
  field: Field,
  type:
    | 'text'
    | 'date'
    | 'datetime-local'
    | 'time'
    | 'number'
    | 'url'
    | 'email'
    | 'search'
    | 'tel'
    | 'password'
    | 'hidden' = 'text',
) {
  const { key: _key, ...props } = getInputProps(field, { type })
  return props
}

/** A single checkbox's props (checked when its initial value is 'on'). */
export function checkboxProps(field: Field) {
  const { key: _key, ...props } = getInputProps(field, { type: 'checkbox' })
  return props
}

export function selectProps(field: Field) {
  const { key: _key, ...props } = getSelectProps(field)
  return props
}

/** The props of a <PickOrId> (app/components/discord-pickers.tsx) for a conform field holding one Discord id. */
export function pickOrIdProps(field: Field) {
  const invalid = Boolean(field.errors?.length)
  return {
    id: field.id,
    name: field.name,
    value: typeof field.initialValue === 'string' ? field.initialValue : '',
    invalid,
    errorId: field.errorId,
  }
}

export function textareaProps(field: Field) {
  const { key: _key, ...props } = getTextareaProps(field)
  return props
}

/** The props of the kit's <Field> (app/ui/field.tsx) for a conform field: its id, label, errors and error id. */
export function fieldProps(field: Field, label: ReactNode) {
  return { id: field.id, label, errors: field.errors, errorId: field.errorId }
}

/** The props of the kit's <CheckboxList> (app/ui/choices.tsx) for a conform list field: the ticked ids and errors. */
export function checkboxListProps(field: Field) {
  return { name: field.name, checked: idSet(field.initialValue), errors: field.errors, errorId: field.errorId }
}
