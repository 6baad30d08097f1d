import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { Link } from 'react-router'
import { INTENTS, renamePresetSchema, savePresetSchema } from './schemas.ts'
import { StateLink, useSettingsSubmit, useSurface } from './surface.tsx'
import type { PresetItem, PresetsData } from './types.ts'
import { ConfirmButtonForm, ConfirmStep, FieldError, inputClass, LoadError, primaryButton, secondaryButton, Section } from './ui.tsx'

// ORBAT Presets (spec 1 §2, §4, ARCHITECTURE §5): save the current (saved) layout under a name, and list the presets
// with Load, rename and delete. Loading only fills the ORBAT editor; nothing changes until the editor's Save.

export const EDITOR_PATH = '/admin/orbat'
export const loadPresetConfirm = (preset: PresetItem) =>
  `Load the preset "${preset.name}"? This overwrites the unsaved ORBAT in the editor.`
export const deletePresetConfirm = (preset: PresetItem) => `Are you sure you want to delete the preset "${preset.name}"?`

export function PresetsTab({ data }: { data: PresetsData }) {
  const surface = useSurface()
  const renameId = Number(surface.state.rename)
  const confirming = data.presets.find((preset) => surface.state.confirm === `${INTENTS.deletePreset}-${preset.id}`)
  return (
    <div className="flex flex-col gap-6">
      <LoadError message={data.loadError} />
      {confirming ? (
        <ConfirmStep
          confirmKey={`${INTENTS.deletePreset}-${confirming.id}`}
          intent={INTENTS.deletePreset}
          fields={{ id: confirming.id }}
          message={deletePresetConfirm(confirming)}
          confirmLabel="Delete"
        />
      ) : null}
      <SavePresetForm />
      <Section title="Saved Presets">
        {data.presets.length === 0 ? (
          <p className="text-sm text-zinc-400">No presets saved yet.</p>
        ) : (
          <ul className="-mx-4 -my-4 max-h-96 divide-y divide-zinc-800 overflow-y-auto" aria-label="Presets">
            {data.presets.map((preset) =>
              preset.id === renameId ? (
                <RenamePresetRow key={preset.id} preset={preset} />
              ) : (
                <PresetRow key={preset.id} preset={preset} />
              ),
            )}
          </ul>
        )}
      </Section>
    </div>
  )
}

function SavePresetForm() {
  const surface = useSurface()
  const { Form, action, hidden, lastResult, busy } = useSettingsSubmit('save-preset')
  const [form, fields] = useForm({
    id: `save-preset-${surface.kind}`,
    lastResult,
    constraint: getZodConstraint(savePresetSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: savePresetSchema }),
  })
  const { key: _key, ...nameProps } = getInputProps(fields.name, { type: 'text' })
  return (
    <Section title="Save Current Layout" description="Stores the saved ORBAT's squads, teams, slots and diagram, without people.">
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-2" aria-label="Save preset">
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.savePreset} />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <label className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm text-zinc-300">
            Preset name
            <input {...nameProps} placeholder="e.g. Two squads + air" className={inputClass} />
          </label>
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            Save Preset
          </button>
        </div>
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </Form>
    </Section>
  )
}

function PresetRow({ preset }: { preset: PresetItem }) {
  return (
    <li className="flex flex-wrap items-center gap-2 px-4 py-2.5" data-testid="preset-row">
      {/* At least 10rem for the name: on a narrow screen the buttons move to their own line instead. */}
      <span className="min-w-0 flex-1 basis-40 truncate text-sm font-medium text-zinc-100">{preset.name}</span>
      <div className="flex shrink-0 gap-2">
        <LoadPresetButton preset={preset} />
        <StateLink name="rename" value={String(preset.id)} className={secondaryButton} aria-label={`Rename ${preset.name}`}>
          Rename
        </StateLink>
        <ConfirmButtonForm
          formKey={`delete-preset-${preset.id}`}
          intent={INTENTS.deletePreset}
          fields={{ id: preset.id }}
          confirm={deletePresetConfirm(preset)}
          label="Delete"
          aria-label={`Delete ${preset.name}`}
        />
      </div>
    </li>
  )
}

/** From the editor's panel: confirm, then hand the preset to the editor. Elsewhere: open the editor with it. */
function LoadPresetButton({ preset }: { preset: PresetItem }) {
  const { onLoadPreset } = useSurface()
  const [loading, setLoading] = useState(false)
  const label = `Load ${preset.name}`
  if (!onLoadPreset) {
    return (
      <Link to={`${EDITOR_PATH}?preset=${preset.id}`} className={secondaryButton} aria-label={label}>
        Load
      </Link>
    )
  }
  return (
    <button
      type="button"
      className={secondaryButton}
      aria-label={label}
      disabled={loading}
      aria-busy={loading || undefined}
      onClick={async () => {
        if (!window.confirm(loadPresetConfirm(preset))) return
        setLoading(true)
        try {
          await onLoadPreset(preset.id)
        } finally {
          setLoading(false)
        }
      }}
    >
      Load
    </button>
  )
}

function RenamePresetRow({ preset }: { preset: PresetItem }) {
  const surface = useSurface()
  const { Form, action, hidden, lastResult, busy } = useSettingsSubmit(`rename-preset-${preset.id}`)
  const [form, fields] = useForm({
    id: `rename-preset-${preset.id}-${surface.kind}`,
    lastResult,
    defaultValue: { id: String(preset.id), name: preset.name },
    constraint: getZodConstraint(renamePresetSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: renamePresetSchema }),
  })
  const { key: _key, ...nameProps } = getInputProps(fields.name, { type: 'text' })
  return (
    <li className="px-4 py-2.5" data-testid="preset-row">
      {/* Posting to ?rename=ID keeps this row in rename mode when the page answers with errors (no JavaScript). */}
      <Form method="post" action={`${action}?rename=${preset.id}`} {...getFormProps(form)} className="flex flex-col gap-2" aria-label={`Rename ${preset.name}`}>
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.renamePreset} />
        <input type="hidden" name="id" value={preset.id} />
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 basis-48 flex-col gap-1.5 text-sm text-zinc-300">
            New name
            <input {...nameProps} autoFocus className={inputClass} />
          </label>
          <div className="flex gap-2">
            <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
              Save
            </button>
            <StateLink name="rename" value={null} className={`${secondaryButton} h-10`}>
              Cancel
            </StateLink>
          </div>
        </div>
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </Form>
    </li>
  )
}
