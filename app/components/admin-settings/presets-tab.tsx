import { useState } from 'react'
import { Link } from 'react-router'
import { usePanel } from '#app/hooks/use-form-post.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { buttonClass, primaryButton, secondaryButton } from '#app/ui/button.ts'
import { askToConfirm, ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { inputProps } from '#app/ui/conform-props.ts'
import { FieldError, inputClass, labelClass, LoadError, Section } from '#app/ui/field.tsx'
import { presetNameSchema, SETTINGS_INTENTS as INTENTS, type PresetItem } from '#contracts/settings.ts'
import { StateLink, useLoadPreset, useSettingsState } from './state.tsx'
import type { PresetsData } from './types.ts'
import { parseIdText } from '#contracts/fields.ts'
import { useT } from '#app/ui/i18n.tsx'
import { useSettingsErrors } from './texts.ts'

// ORBAT Presets (docs/rules/orbat.md, presets): save the current (saved) layout under a name, and list the presets with
// Load, rename and delete. Loading only fills the ORBAT editor; nothing changes until the editor's Save.

const EDITOR_PATH = '/admin/orbat'

export function PresetsTab({ data }: { data: PresetsData }) {
  const t = useT('adminSettings')
  const renameId = parseIdText(useSettingsState('rename'))
  const confirm = useSettingsState('confirm')
  const confirming = data.presets.find((preset) => confirm === `${INTENTS.deletePreset}-${preset.id}`)
  return (
    <div className="flex flex-col gap-6">
      <LoadError message={data.loadError} />
      {confirming ? (
        <ConfirmStep
          confirmKey={`${INTENTS.deletePreset}-${confirming.id}`}
          intent={INTENTS.deletePreset}
          fields={{ id: confirming.id }}
          message={t('presets.deleteConfirm', { name: confirming.name })}
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
        />
      ) : null}
      <SavePresetForm />
      <Section title={t('presets.list.title')}>
        {data.presets.length === 0 ? (
          <p className="text-sm text-zinc-400">{t('presets.list.empty')}</p>
        ) : (
          <ul
            className="-mx-4 -my-4 max-h-96 divide-y divide-zinc-800 overflow-y-auto"
            aria-label={t('presets.list.label')}
          >
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
  const t = useT('adminSettings.presets.save')
  const errorsOf = useSettingsErrors()
  const panel = usePanel()
  const { Form, hidden, busy, fields, formProps } = useSchemaForm('save-preset', presetNameSchema, {
    id: panel ? 'save-preset-panel' : 'save-preset-page',
    validateOn: 'onSubmit',
  })
  return (
    <Section title={t('title')} description={t('description')}>
      <Form {...formProps} className="flex flex-col gap-2" aria-label={t('label')}>
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.savePreset} />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <label className={`${labelClass} flex-1`}>
            {t('name')}
            <input {...inputProps(fields.name)} placeholder={t('placeholder')} className={inputClass} />
          </label>
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            {t('submit')}
          </button>
        </div>
        <FieldError id={fields.name.errorId} errors={errorsOf(fields.name.errors)} />
      </Form>
    </Section>
  )
}

function PresetRow({ preset }: { preset: PresetItem }) {
  const t = useT('adminSettings')
  return (
    <li className="flex flex-wrap items-center gap-2 px-4 py-2.5" data-testid="preset-row">
      {/* At least 10rem for the name: on a narrow screen the buttons move to their own line instead. */}
      <span className="min-w-0 flex-1 basis-40 truncate text-sm font-medium text-zinc-100">{preset.name}</span>
      <div className="flex shrink-0 gap-2">
        <LoadPresetButton preset={preset} />
        <StateLink
          state={{ rename: String(preset.id) }}
          className={secondaryButton}
          aria-label={t('presets.list.renameLabel', { name: preset.name })}
        >
          {t('presets.list.rename')}
        </StateLink>
        <ConfirmButtonForm
          formKey={`delete-preset-${preset.id}`}
          intent={INTENTS.deletePreset}
          fields={{ id: preset.id }}
          confirm={t('presets.deleteConfirm', { name: preset.name })}
          dialog={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}
          label={t('common.delete')}
          aria-label={t('common.deleteLabel', { name: preset.name })}
        />
      </div>
    </li>
  )
}

/** From the editor's panel: confirm, then hand the preset to the editor. Elsewhere: open the editor with it. */
function LoadPresetButton({ preset }: { preset: PresetItem }) {
  const t = useT('adminSettings')
  const onLoadPreset = useLoadPreset()
  const [loading, setLoading] = useState(false)
  const label = t('presets.list.loadLabel', { name: preset.name })
  if (!onLoadPreset) {
    return (
      <Link to={`${EDITOR_PATH}?preset=${preset.id}`} className={secondaryButton} aria-label={label}>
        {t('presets.list.load')}
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
        const question = t('presets.loadConfirm', { name: preset.name })
        if (!(await askToConfirm(question, t('common.confirm'), t('common.cancel')))) return
        setLoading(true)
        try {
          await onLoadPreset(preset.id)
        } finally {
          setLoading(false)
        }
      }}
    >
      {t('presets.list.load')}
    </button>
  )
}

function RenamePresetRow({ preset }: { preset: PresetItem }) {
  const t = useT('adminSettings')
  const errorsOf = useSettingsErrors()
  const panel = usePanel()
  const { Form, hidden, busy, fields, formProps } = useSchemaForm(`rename-preset-${preset.id}`, presetNameSchema, {
    id: `rename-preset-${preset.id}-${panel ? 'panel' : 'page'}`,
    defaultValue: { name: preset.name },
    validateOn: 'onSubmit',
  })
  return (
    <li className="px-4 py-2.5" data-testid="preset-row">
      {/* On a page the action is the URL with ?rename=ID: a 400 answer keeps this row in rename mode. */}
      <Form
        {...formProps}
        className="flex flex-col gap-2"
        aria-label={t('presets.list.renameLabel', { name: preset.name })}
      >
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.renamePreset} />
        <input type="hidden" name="id" value={preset.id} />
        <div className="flex flex-wrap items-end gap-2">
          <label className={`${labelClass} flex-1 basis-48`}>
            {t('presets.list.newName')}
            <input {...inputProps(fields.name)} autoFocus className={inputClass} />
          </label>
          <div className="flex gap-2">
            <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
              {t('presets.list.save')}
            </button>
            <StateLink state={null} className={buttonClass('secondary', 'md')}>
              {t('common.cancel')}
            </StateLink>
          </div>
        </div>
        <FieldError id={fields.name.errorId} errors={errorsOf(fields.name.errors)} />
      </Form>
    </li>
  )
}
