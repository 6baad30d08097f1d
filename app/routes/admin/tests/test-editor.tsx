import { getFormProps, getInputProps, type DefaultValue } from '@conform-to/react'
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { z } from 'zod'
import { ChecklistEditor } from './checklist-editor.tsx'
import { WrittenQuestions } from './written-questions.tsx'
import { testFormSchema, type AdminTest } from '#contracts/assessments.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { Options } from '#app/ui/choices.tsx'
import { fieldProps, inputProps, selectProps } from '#app/ui/conform-props.ts'
import { CancelLink, UrlDialog } from '#app/ui/dialog.tsx'
import { Field, FieldError, inputClass, selectClass } from '#app/ui/field.tsx'
import { panelId, tabId, Tabs } from '#app/ui/tabs.tsx'
import { countOf } from '#contracts/plural.ts'

// The test editor: Create Test or Edit Test, "full-screen style" over the tests list, with tabs Settings, Written Test
// and Evaluation Checklist (the last only while in-game evaluation is required), Cancel and Save Test. One form, one
// contract schema (testFormSchema), one post.
// With JavaScript the tabs show one panel at a time and lists change in place; without it every panel is on the
// page (the tabs are in-page links), question text is a plain textarea of HTML (the server sanitises it), and Add
// Question, Add Item, Remove and Move are conform list intents the server answers with the form one row longer.

export const SAVE_TEST = 'save-test'
const CLOSE_HREF = '/admin/tests'

type TestFormInput = z.input<typeof testFormSchema>
type TabKey = 'settings' | 'written' | 'checklist'
const TABS: ReadonlyArray<{ key: TabKey; label: string }> = [
  { key: 'settings', label: 'Settings' },
  { key: 'written', label: 'Written Test' },
  { key: 'checklist', label: 'Evaluation Checklist' },
]
const ID_BASE = 'test-editor'

/** Without JavaScript, CSS shows what belongs to in-game evaluation only while its checkbox is ticked. */
const WITH_EVAL_ONLY = 'hidden group-has-[[data-eval-toggle]:checked]/editor:flex'

/** The tab a field's error belongs to. */
function tabOfField(name: string): TabKey {
  if (name.startsWith('evaluation_questions')) return 'checklist'
  if (name.startsWith('questions')) return 'written'
  return 'settings'
}

/** The form's starting values, as a form holds them (strings; a ticked checkbox is 'on'). */
function defaultsOf(
  test: AdminTest | null,
  qualifications: ReadonlyArray<{ id: number }>,
): DefaultValue<TestFormInput> {
  if (!test) {
    // The qualification defaults to the first when creating; passing_questions 1, eval_passing_score 80.
    return {
      name: '',
      qualification_id: String(qualifications[0]?.id ?? ''),
      required_score: '0',
      passing_questions: '1',
      eval_passing_score: '80',
    }
  }
  return {
    name: test.name,
    qualification_id: String(test.qualification_id),
    required_score: String(test.required_score),
    passing_questions: String(test.passing_questions),
    requires_in_game_eval: test.requires_in_game_eval ? 'on' : '',
    eval_passing_score: String(test.eval_passing_score),
    questions: test.questions.map((q) => ({
      id: String(q.id),
      question_text: q.question_text,
      image_url: q.image_url ?? '',
      options: q.options,
      correct_answer_index: String(q.correct_answer_index),
    })),
    evaluation_questions: test.evaluation_questions.map((item) => ({
      id: String(item.id),
      text: item.text,
      pos_score: String(item.pos_score),
      neg_score: String(item.neg_score),
      section: item.section,
    })),
  }
}

export function TestEditorDialog({
  test,
  qualifications,
}: {
  test: AdminTest | null
  qualifications: ReadonlyArray<{ id: number; name: string }>
}) {
  const hydrated = useHydrated()
  const { Form, action, hidden, busy, form, fields, lastResult } = useSchemaForm('test', testFormSchema, {
    id: test ? `test-${test.id}` : 'test-new',
    defaultValue: defaultsOf(test, qualifications),
  })
  const formRef = useRef<HTMLFormElement>(null)
  const [tab, setTab] = useState<TabKey>('settings')
  const [submits, setSubmits] = useState(0)
  const evalOn = fields.requires_in_game_eval.value === 'on'
  const shown: TabKey = tab === 'checklist' && !evalOn ? 'settings' : tab
  const tabs = TABS.filter((t) => t.key !== 'checklist' || evalOn || !hydrated)
  const questionCount = fields.questions.getFieldList().length

  // After a refused save (the browser's check or the server's 400), show the first tab with an error, as the browser
  // would focus the first invalid field of one long form, and focus that tab's first invalid field.
  const [focusRequest, setFocusRequest] = useState(0)
  const reveal = (names: string[]) => {
    const withErrors = names.filter(Boolean).map(tabOfField)
    const first = TABS.find((t) => withErrors.includes(t.key))
    if (!first) return
    setTab(first.key)
    setFocusRequest((n) => n + 1)
  }
  const allErrors = form.allErrors
  useEffect(() => {
    if (submits) reveal(Object.keys(allErrors))
    // Only when a save was attempted: errors that appear while typing never switch tabs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submits])
  useEffect(() => {
    const errors = lastResult?.error
    if (errors) reveal(Object.keys(errors).filter((name) => errors[name]?.length))
  }, [lastResult])
  useEffect(() => {
    if (!focusRequest) return
    const invalid = [
      ...(formRef.current?.querySelectorAll<HTMLElement>(`#${panelId(ID_BASE, shown)} [aria-invalid="true"]`) ?? []),
    ].find((el) => el.offsetParent !== null)
    invalid?.focus()
    // The tab shown is already the one asked for when the request changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest])

  const formProps = getFormProps(form)
  return (
    <UrlDialog title={test ? 'Edit Test' : 'Create Test'} closeHref={CLOSE_HREF} size="full">
      <Form
        method="post"
        action={action}
        {...formProps}
        ref={formRef}
        onSubmit={(event) => {
          // A save, not a list intent (Add Question, Remove, ...: conform's buttons named __intent__).
          const submitter = (event.nativeEvent as SubmitEvent).submitter
          if (!(submitter instanceof HTMLButtonElement && submitter.name === '__intent__')) setSubmits((n) => n + 1)
          formProps.onSubmit(event)
        }}
        onKeyDown={(event: KeyboardEvent<HTMLFormElement>) => {
          // Escape closes the dialog; with unsaved changes it does nothing (Cancel still leaves).
          if (event.key === 'Escape' && form.dirty) event.preventDefault()
        }}
        className="group/editor flex flex-1 flex-col"
        aria-label={test ? 'Edit test' : 'Create test'}
      >
        {hidden}
        <input type="hidden" name="intent" value={SAVE_TEST} />
        {/* NOTE: Enter in a field submits with the form's first submit button; without this one that would be Add
            Question or Move Up. Enter saves, as Save Test does. */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" />
        <TabBar tabs={tabs} shown={shown} hydrated={hydrated} onSelect={setTab} />

        <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 py-5">
          <Panel tab="settings" shown={shown} hydrated={hydrated}>
            <SettingsPanel
              fields={fields}
              qualifications={qualifications}
              questionCount={questionCount}
              evalOn={evalOn}
              hydrated={hydrated}
            />
          </Panel>
          <Panel tab="written" shown={shown} hydrated={hydrated} count={questionCount}>
            <WrittenQuestions form={form} field={fields.questions} hydrated={hydrated} />
          </Panel>
          <Panel
            tab="checklist"
            shown={shown}
            hydrated={hydrated}
            display={hydrated ? 'flex' : WITH_EVAL_ONLY}
            count={fields.evaluation_questions.getFieldList().length}
          >
            <ChecklistEditor form={form} field={fields.evaluation_questions} hydrated={hydrated} />
          </Panel>
        </div>

        <footer className="sticky bottom-0 z-10 -mx-5 mt-auto border-t border-zinc-800 bg-zinc-900/95 px-5 py-3 backdrop-blur">
          <div className="mx-auto flex w-full max-w-4xl flex-col gap-2">
            <FieldError id={form.errorId} errors={form.errors} />
            <div className="flex flex-wrap items-center justify-end gap-2">
              <CancelLink href={CLOSE_HREF} />
              <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
                Save Test
              </button>
            </div>
          </div>
        </footer>
      </Form>
    </UrlDialog>
  )
}

/** The tabs: buttons that switch panels once scripts run; in-page links to the panels before (and without) them. */
function TabBar({
  tabs,
  shown,
  hydrated,
  onSelect,
}: {
  tabs: ReadonlyArray<{ key: TabKey; label: string }>
  shown: TabKey
  hydrated: boolean
  onSelect: (key: TabKey) => void
}) {
  return (
    <div className="sticky top-0 z-10 -mx-5 border-b border-zinc-800 bg-zinc-900/95 px-5 py-2 backdrop-blur">
      <Tabs
        label="Test editor sections"
        layout="scroll"
        className="mx-auto w-full max-w-4xl"
        idBase={ID_BASE}
        tabs={tabs.map((t) => ({
          id: t.key,
          label: t.label,
          href: `#${panelId(ID_BASE, t.key)}`,
          className: !hydrated && t.key === 'checklist' ? WITH_EVAL_ONLY : undefined,
        }))}
        active={hydrated ? shown : undefined}
        onSelect={hydrated ? onSelect : undefined}
      />
    </div>
  )
}

function Panel({
  tab,
  shown,
  hydrated,
  count,
  display = 'flex',
  children,
}: {
  tab: TabKey
  shown: TabKey
  hydrated: boolean
  count?: number
  display?: string
  children: ReactNode
}) {
  const label = TABS.find((t) => t.key === tab)!.label
  // NOTE: a hidden panel stays in the form (hidden, not unmounted), so its fields are posted with the others.
  return (
    <section
      id={panelId(ID_BASE, tab)}
      role={hydrated ? 'tabpanel' : undefined}
      aria-labelledby={hydrated ? tabId(ID_BASE, tab) : undefined}
      aria-label={hydrated ? undefined : label}
      hidden={hydrated && shown !== tab}
      className={`scroll-mt-16 flex-col gap-4 ${display}`}
    >
      <h3 className={hydrated ? 'sr-only' : 'text-lg font-semibold'}>
        {label}
        {count !== undefined ? <span className="ml-2 text-sm font-normal text-zinc-500">({count})</span> : null}
      </h3>
      {children}
    </section>
  )
}

type Fields = ReturnType<typeof useSchemaForm<typeof testFormSchema>>['fields']

function SettingsPanel({
  fields,
  qualifications,
  questionCount,
  evalOn,
  hydrated,
}: {
  fields: Fields
  qualifications: ReadonlyArray<{ id: number; name: string }>
  questionCount: number
  evalOn: boolean
  hydrated: boolean
}) {
  const maxCorrect = Math.max(1, questionCount)
  const { key: _key, ...checkbox } = getInputProps(fields.requires_in_game_eval, { type: 'checkbox' })
  const evalScore = fields.eval_passing_score
  // A hidden field keeps its value (and its error shows, so a save is never refused for no visible reason).
  const evalScoreHidden = hydrated && !evalOn && !evalScore.errors?.length
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field {...fieldProps(fields.name, 'Test Name')}>
          <input {...inputProps(fields.name)} className={inputClass} placeholder="e.g. Combat Medic Written Test" />
        </Field>
      </div>
      <Field
        {...fieldProps(fields.qualification_id, 'Qualification')}
        hint={
          qualifications.length === 0
            ? 'Add a qualification on the roster admin first.'
            : 'Granted to members who pass.'
        }
      >
        <select {...selectProps(fields.qualification_id)} className={`${selectClass} w-full`}>
          <Options items={qualifications.map((q) => ({ value: q.id, label: q.name }))} />
        </select>
      </Field>
      <Field
        {...fieldProps(fields.required_score, 'Required Score')}
        hint="The event score a member needs before they can be approved to take the test."
      >
        <input
          {...inputProps(fields.required_score, 'number')}
          min={0}
          step="0.01"
          inputMode="decimal"
          className={inputClass}
        />
      </Field>
      <Field
        {...fieldProps(fields.passing_questions, 'Required Correct Answers')}
        hint={`Out of ${countOf(questionCount, 'written question')}.`}
      >
        <input
          {...inputProps(fields.passing_questions, 'number')}
          min={1}
          max={maxCorrect}
          step={1}
          inputMode="numeric"
          className={inputClass}
        />
      </Field>
      <div className="flex flex-col justify-center gap-1.5 sm:col-span-2">
        <label className="flex items-center gap-2 text-sm text-zinc-200">
          <input {...checkbox} data-eval-toggle className="size-4 accent-brand-600" />
          Requires In-Game Evaluation
        </label>
        <p className="text-xs text-zinc-500">
          Members who pass the written test are then evaluated in game against the Evaluation Checklist.
        </p>
      </div>
      <div className={`flex-col ${hydrated ? 'flex' : WITH_EVAL_ONLY}`} hidden={evalScoreHidden}>
        <Field
          {...fieldProps(evalScore, 'Evaluation Passing Score (%)')}
          hint="The in-game evaluation score needed to pass, 0 to 100."
        >
          <input
            {...inputProps(evalScore, 'number')}
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
            className={inputClass}
          />
        </Field>
      </div>
    </div>
  )
}
