import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { Form } from 'react-router'
import { DEFAULT_TRAINING_TIME, INTENTS, postTrainingFormSchema, trainingFormSchema } from './schemas.ts'
import type { DiscordPickers, TrainingItem, TrainingSignupItem } from './types.ts'
import {
  CancelLink,
  ChannelSelect,
  DateTime,
  FieldError,
  inputClass,
  labelClass,
  localTimeZone,
  Modal,
  Notice,
  primaryButton,
  RoleCheckboxes,
  smallDangerButton,
  TimeField,
  TimeZoneNote,
  useAdminForm,
  useHydrated,
  wallParts,
} from './ui.tsx'

// The Trainings tab's dialogs (spec 2 §2, §5): Add Training / Create BMT Training / Edit Training, Post Training on
// Discord, and View Signups.

export function TrainingFormDialog({ editing, bmt, closeHref }: { editing: TrainingItem | null; bmt: boolean; closeHref: string }) {
  const hydrated = useHydrated()
  const title = editing ? 'Edit Training' : bmt ? 'Create BMT Training' : 'Add Training'
  return (
    <Modal title={title} closeHref={closeHref}>
      {/* Re-mounted after hydration so an edited training's date and time switch from UTC to local time. */}
      <TrainingForm key={hydrated ? 'local' : 'utc'} editing={editing} bmt={bmt} local={hydrated} closeHref={closeHref} />
    </Modal>
  )
}

function TrainingForm({ editing, bmt, local, closeHref }: { editing: TrainingItem | null; bmt: boolean; local: boolean; closeHref: string }) {
  const { action, busy, hidden, lastResult } = useAdminForm('training')
  const wall = editing ? wallParts(Date.parse(editing.date), local) : null
  const [form, fields] = useForm({
    id: editing ? `training-${editing.id}` : bmt ? 'training-add-bmt' : 'training-add',
    lastResult,
    defaultValue: editing
      ? { name: editing.name, description: editing.description ?? '', date: wall!.date, time: wall!.time, is_hidden: editing.is_hidden ? 'on' : '' }
      : { time: DEFAULT_TRAINING_TIME },
    constraint: getZodConstraint(trainingFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: trainingFormSchema }),
  })
  const initialTime = typeof fields.time.initialValue === 'string' ? fields.time.initialValue : (wall?.time ?? DEFAULT_TRAINING_TIME)
  const [time, setTime] = useState(initialTime)
  const { key: _n, ...nameProps } = getInputProps(fields.name, { type: 'text' })
  const { key: _d, ...dateProps } = getInputProps(fields.date, { type: 'date' })
  const { key: _x, ...descriptionProps } = getTextareaProps(fields.description)
  const { key: _h, ...hiddenProps } = getInputProps(fields.is_hidden, { type: 'checkbox' })
  const isBmt = editing ? editing.is_bmt_training : bmt

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4" aria-label={editing ? 'Edit training' : 'Add training'}>
      {hidden}
      <input type="hidden" name="intent" value={INTENTS.saveTraining} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <input type="hidden" name="is_bmt_training" value={isBmt ? 'on' : ''} />
      <input type="hidden" name="tz" value={local ? localTimeZone() : 'UTC'} />
      {isBmt ? <p className="text-sm text-amber-200">This is a BMT training: it is listed under BMT Trainings.</p> : null}
      <div className="flex min-w-0 flex-col gap-1.5">
        <label className={labelClass}>
          Training Name
          <input {...nameProps} className={inputClass} placeholder={isBmt ? 'e.g. Basic Military Training' : 'e.g. CQB Fundamentals'} />
        </label>
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label className={labelClass}>
          Description
          <textarea {...descriptionProps} rows={3} className={`${inputClass} h-auto py-2`} />
        </label>
        <FieldError id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label className={labelClass}>
            Date
            <input {...dateProps} className={`${inputClass} [color-scheme:dark]`} />
          </label>
          <FieldError id={fields.date.errorId} errors={fields.date.errors} />
        </div>
        <TimeField id={fields.time.id} name={fields.time.name} label="Time (24-hour)" value={time} onChange={setTime} errors={fields.time.errors} errorId={fields.time.errorId} />
      </div>
      <TimeZoneNote />
      <label className="flex items-center gap-2 text-sm text-zinc-300">
        <input {...hiddenProps} className="size-4 accent-brand-600" />
        Hidden (not shown on the public trainings page)
      </label>
      <FieldError id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap justify-end gap-2">
        <CancelLink href={closeHref} />
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          {editing ? 'Save Changes' : bmt ? 'Create BMT Training' : 'Add Training'}
        </button>
      </div>
    </Form>
  )
}

/** Post Training on Discord: a channel and at least one cadre role (spec 2 §5). */
export function PostTrainingDialog({ training, pickers, closeHref }: { training: TrainingItem; pickers: DiscordPickers; closeHref: string }) {
  const { action, busy, hidden, lastResult } = useAdminForm('post-training')
  const [form, fields] = useForm({
    id: `post-training-${training.id}`,
    lastResult,
    constraint: getZodConstraint(postTrainingFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postTrainingFormSchema }),
  })
  const initialRoles = fields.cadreRoleIds.initialValue
  const selected = Array.isArray(initialRoles) ? initialRoles.filter((r): r is string => typeof r === 'string') : typeof initialRoles === 'string' ? [initialRoles] : []
  const errors = [...new Set([...(fields.channelId.errors ?? []), ...(fields.cadreRoleIds.errors ?? [])])]

  return (
    <Modal title="Post Training on Discord" description={training.name} closeHref={closeHref}>
      {pickers.error ? <Notice>{pickers.error}</Notice> : null}
      <Form method="post" action={action} {...getFormProps(form)} className="mt-1 flex flex-col gap-4" aria-label="Post training on Discord">
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.postTraining} />
        <input type="hidden" name="id" value={training.id} />
        <p className="text-sm text-zinc-400">
          Posts the training (<DateTime iso={training.date} />) now, mentioning the cadre roles.
        </p>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label className={labelClass} htmlFor={fields.channelId.id}>
            Channel
          </label>
          <ChannelSelect
            id={fields.channelId.id}
            name={fields.channelId.name}
            channels={pickers.channels}
            defaultValue={typeof fields.channelId.initialValue === 'string' ? fields.channelId.initialValue : undefined}
            invalid={Boolean(fields.channelId.errors?.length)}
            errorId={form.errorId}
          />
        </div>
        <RoleCheckboxes name={fields.cadreRoleIds.name} legend="Cadre roles" roles={pickers.roles} selected={selected} invalid={Boolean(fields.cadreRoleIds.errors?.length)} />
        <FieldError id={form.errorId} errors={[...errors, ...(form.errors ?? [])]} />
        <div className="flex flex-wrap justify-end gap-2">
          <CancelLink href={closeHref} />
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            Post Training
          </button>
        </div>
      </Form>
    </Modal>
  )
}

/** View Signups: who signed up, with Remove. */
export function SignupsDialog({ training, signups, closeHref }: { training: TrainingItem; signups: TrainingSignupItem[]; closeHref: string }) {
  const { action, hidden, busy } = useAdminForm('remove-signup')
  return (
    <Modal title={`Signups: ${training.name}`} description={`${signups.length} signed up.`} closeHref={closeHref}>
      {signups.length === 0 ? (
        <p className="py-4 text-center text-sm text-zinc-400">No one has signed up yet.</p>
      ) : (
        <ul className="max-h-96 divide-y divide-zinc-800 overflow-y-auto rounded-md border border-zinc-800" data-testid="signup-list">
          {signups.map((signup) => (
            <li key={signup.id} className="flex items-center gap-3 px-3 py-2">
              {signup.avatar ? <img src={signup.avatar} alt="" className="size-8 shrink-0 rounded-full bg-zinc-800" /> : <span className="size-8 shrink-0 rounded-full bg-zinc-800" aria-hidden />}
              <span className="min-w-0 flex-1 truncate text-sm text-zinc-100">{signup.ingame_name}</span>
              <span className="rounded bg-zinc-800 px-1.5 py-0.5 text-xs font-medium text-zinc-300">{signup.rank}</span>
              <Form method="post" action={action}>
                {hidden}
                <input type="hidden" name="intent" value={INTENTS.removeSignup} />
                <input type="hidden" name="id" value={training.id} />
                <input type="hidden" name="memberId" value={signup.id} />
                <button type="submit" className={smallDangerButton} disabled={busy} aria-label={`Remove ${signup.ingame_name}`}>
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex justify-end">
        <CancelLink href={closeHref} label="Close" />
      </div>
    </Modal>
  )
}
