import type { DefaultValue, FieldMetadata, FormMetadata } from '@conform-to/react'
import type { FocusEvent, KeyboardEvent } from 'react'
import type { z } from 'zod'
import {
  blankItem,
  groupBySection,
  insertIndexFor,
  nextSectionName,
  removeSection,
  renameSection,
  type ChecklistRow,
} from './checklist.ts'
import { TEST_MESSAGES, type testFormSchema } from '#contracts/assessments.ts'
import { secondaryButton, smallButton, smallDangerButton } from '#app/ui/button.ts'
import { inputProps } from '#app/ui/conform-props.ts'
import { EmptyState, FieldError, inputClass } from '#app/ui/field.tsx'
import { countOf } from '#contracts/plural.ts'
import { askToConfirm } from '#app/ui/confirm.tsx'

// The Evaluation Checklist tab: items grouped in named sections, posted as one flat list with a section name on each
// item. Add Section makes "New Section N" with a first item; a section's name is renamed in place (ignored when empty,
// unchanged or taken) and Delete Section asks first. Without JavaScript each item shows its Section field instead, and
// Add Item, Add Section and Remove still work (conform list intents answered by the server). The rules are pure
// functions in ./checklist.ts.

type TestFormInput = z.input<typeof testFormSchema>
type Form = FormMetadata<TestFormInput, string[]>
type ChecklistField = FieldMetadata<TestFormInput['evaluation_questions'], TestFormInput, string[]>
type ItemField = ReturnType<ChecklistField['getFieldList']>[number]
type ScoreField = ReturnType<ItemField['getFieldset']>['pos_score']

const SMALL_LABEL = 'text-xs text-zinc-400'

/** The points an item adds when passed or takes when failed. */
function PointsField({ field, label }: { field: ScoreField; label: string }) {
  return (
    <div className="flex w-24 flex-col gap-1">
      <label htmlFor={field.id} className={SMALL_LABEL}>
        {label}
      </label>
      <input {...inputProps(field, 'number')} min={0} step="0.01" inputMode="decimal" className={inputClass} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  )
}

export function ChecklistEditor({ form, field, hydrated }: { form: Form; field: ChecklistField; hydrated: boolean }) {
  const list = field.getFieldList()
  const rows: ChecklistRow[] = list.map((item) => ({ section: item.getFieldset().section.value }))
  const groups = groupBySection(rows)
  const current = () => (Array.isArray(field.value) ? field.value : []).map((row) => (row ?? {}) as ChecklistRow)
  // The rows as the form holds them (strings), which is what `update` takes.
  const replace = (next: ChecklistRow[]) =>
    form.update({ name: field.name, value: next as NonNullable<DefaultValue<TestFormInput['evaluation_questions']>> })

  const rename = (from: string, to: string): boolean => {
    const next = renameSection(current(), from, to)
    if (next) replace(next)
    return next !== null
  }
  const remove = (name: string) => {
    void askToConfirm(TEST_MESSAGES.confirmDeleteSection).then((yes) => yes && replace(removeSection(current(), name)))
  }

  return (
    <>
      <p className="text-sm text-zinc-400">
        The evaluator marks each item Pass, Fail or N/A during the in-game evaluation. Items are grouped in sections.
      </p>
      {groups.length === 0 ? <EmptyState>No checklist items yet.</EmptyState> : null}
      {groups.map((group, groupIndex) => (
        <section
          key={groupIndex}
          aria-label={`Section ${group.name}`}
          className="rounded-xl border border-zinc-800 bg-zinc-950/40"
        >
          <div className="flex flex-wrap items-center gap-2 border-b border-zinc-800 px-4 py-3">
            {hydrated ? (
              <SectionName name={group.name} onRename={(to) => rename(group.name, to)} />
            ) : (
              <h4 className="min-w-0 flex-1 font-semibold">{group.name}</h4>
            )}
            <span className="text-xs text-zinc-500">{countOf(group.indexes.length, 'item')}</span>
            {hydrated ? (
              <button
                type="button"
                onClick={() => remove(group.name)}
                className={smallDangerButton}
                aria-label={`Delete section ${group.name}`}
              >
                Delete Section
              </button>
            ) : null}
          </div>
          <ul className="flex flex-col divide-y divide-zinc-800/70">
            {group.indexes.map((index) => (
              <ChecklistItem
                key={list[index]!.key}
                form={form}
                listName={field.name}
                meta={list[index]!}
                index={index}
                hydrated={hydrated}
              />
            ))}
          </ul>
          <div className="px-4 py-3">
            <button
              {...form.insert.getButtonProps({
                name: field.name,
                index: insertIndexFor(rows, group.name),
                defaultValue: blankItem(group.name),
              })}
              className={smallButton}
              aria-label={`Add item to ${group.name}`}
            >
              Add Item
            </button>
          </div>
        </section>
      ))}
      <FieldError id={field.errorId} errors={field.errors} />
      <div>
        <button
          {...form.insert.getButtonProps({
            name: field.name,
            defaultValue: blankItem(nextSectionName(groups.map((g) => g.name))),
          })}
          className={secondaryButton}
        >
          Add Section
        </button>
      </div>
    </>
  )
}

/** A section's name, edited in place: Enter or leaving the field renames; an ignored rename puts the name back. */
function SectionName({ name, onRename }: { name: string; onRename: (to: string) => boolean }) {
  const commit = (input: HTMLInputElement) => {
    if (input.value === name) return
    if (!onRename(input.value)) input.value = name
  }
  return (
    <input
      key={name}
      defaultValue={name}
      aria-label="Section name"
      onBlur={(event: FocusEvent<HTMLInputElement>) => commit(event.currentTarget)}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        // Neither key may reach the form: Enter would save the test, Escape would close the dialog.
        if (event.key === 'Enter') {
          event.preventDefault()
          commit(event.currentTarget)
        } else if (event.key === 'Escape') {
          event.preventDefault()
          event.currentTarget.value = name
        }
      }}
      className="h-9 min-w-0 flex-1 rounded-md border border-transparent bg-transparent px-2 font-semibold text-zinc-100 hover:border-zinc-700 focus:border-brand-600 focus:bg-zinc-950"
    />
  )
}

function ChecklistItem({
  form,
  listName,
  meta,
  index,
  hydrated,
}: {
  form: Form
  listName: string
  meta: ItemField
  index: number
  hydrated: boolean
}) {
  const item = meta.getFieldset()
  const number = index + 1
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start" aria-label={`Checklist item ${number}`}>
      <input {...inputProps(item.id, 'hidden')} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={item.text.id} className={SMALL_LABEL}>
          Item
        </label>
        <input {...inputProps(item.text)} placeholder="What the evaluator checks" className={inputClass} />
        <FieldError id={item.text.errorId} errors={item.text.errors} />
      </div>
      {/* With scripts the section is the group's name (renamed in the header); without them it is typed per item. */}
      <div className="flex flex-col gap-1 sm:w-44" hidden={hydrated}>
        <label htmlFor={item.section.id} className={SMALL_LABEL}>
          Section
        </label>
        <input {...inputProps(item.section)} placeholder="Uncategorized" className={inputClass} />
        <FieldError id={item.section.errorId} errors={item.section.errors} />
      </div>
      <div className="flex items-start gap-2">
        <PointsField field={item.pos_score} label="Pass (+points)" />
        <PointsField field={item.neg_score} label="Fail (-points)" />
        <button
          {...form.remove.getButtonProps({ name: listName, index })}
          className={`${smallDangerButton} mt-5`}
          aria-label={`Remove checklist item ${number}`}
        >
          Remove
        </button>
      </div>
    </li>
  )
}
