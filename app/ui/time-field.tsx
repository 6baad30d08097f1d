import { useState } from 'react'
import { maskTimeInput, normalizeTime, TIME_FORMAT_BLUR } from '#contracts/time.ts'
import { TimeZoneNote } from './date-time.tsx'
import { Field, FieldError, inputClass, labelClass } from './field.tsx'

/**
 * The 24-hour time field of trainings, pings and events: digits only, up to 4, the colon inserted; on blur 3 or 4
 * digits are reformatted (930 -> 09:30) and anything else clears the field with 'Please enter time in HH:mm format.'
 * Controlled: `value` and `onChange`. Without JavaScript it is a plain text field the server checks.
 */
function TimeField({
  id,
  name,
  label,
  value,
  onChange,
  errors,
  errorId,
}: {
  id: string
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  errors?: string[]
  errorId: string
}) {
  const [blurMessage, setBlurMessage] = useState<string | null>(null)
  const shown = blurMessage ? [blurMessage] : errors
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="HH:mm"
        maxLength={5}
        value={value}
        aria-invalid={shown?.length ? true : undefined}
        aria-describedby={shown?.length ? errorId : undefined}
        onChange={(event) => {
          setBlurMessage(null)
          onChange(maskTimeInput(event.target.value))
        }}
        onBlur={() => {
          if (!value) return
          const digits = value.replace(/\D/g, '')
          const normalized = digits.length >= 3 ? normalizeTime(digits) : null
          if (normalized) onChange(normalized)
          else {
            onChange('')
            setBlurMessage(TIME_FORMAT_BLUR)
          }
        }}
        className={`${inputClass} font-mono tabular-nums`}
      />
      <FieldError id={errorId} errors={shown} />
    </div>
  )
}

/** A field's names and errors (conform's field metadata fits). */
interface FieldMeta {
  id: string
  name: string
  errors?: string[]
  errorId: string
}

/**
 * A date and a 24-hour time side by side, with the note saying which clock they use. Controlled: the form proposes
 * values (a default time, a ping offset) and may change both at once.
 */
export function DateTimeFields({
  date,
  time,
  value,
  onChange,
}: {
  date: FieldMeta
  time: FieldMeta
  value: { date: string; time: string }
  onChange: (value: { date: string; time: string }) => void
}) {
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field id={date.id} label="Date" errors={date.errors} errorId={date.errorId}>
          <input
            id={date.id}
            name={date.name}
            type="date"
            value={value.date}
            onChange={(event) => onChange({ ...value, date: event.target.value })}
            aria-invalid={date.errors?.length ? true : undefined}
            aria-describedby={date.errors?.length ? date.errorId : undefined}
            className={`${inputClass} [color-scheme:dark]`}
          />
        </Field>
        <TimeField
          id={time.id}
          name={time.name}
          label="Time (24-hour)"
          value={value.time}
          onChange={(next) => onChange({ ...value, time: next })}
          errors={time.errors}
          errorId={time.errorId}
        />
      </div>
      <TimeZoneNote />
    </>
  )
}
