import {
  getInputProps,
  getTextareaProps,
  useInputControl,
  type FieldMetadata,
  type FormMetadata,
} from '@conform-to/react'
import { lazy, Suspense, useEffect, useRef } from 'react'
import type { z } from 'zod'
import { OPTIONS_PER_QUESTION, type testFormSchema } from '#contracts/assessments.ts'
import { secondaryButton, smallButton, smallDangerButton } from '#app/ui/button.ts'
import { fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { EmptyState, Field, FieldError, inputClass, textareaClass } from '#app/ui/field.tsx'

// The Written Test tab: questions with rich text, an optional image address, four options and the correct one. The
// rich-text editor (tiptap) loads only here, lazily, once scripts run; before that, and without JavaScript, the text is
// a textarea of HTML that the server sanitises.

const RichTextEditor = lazy(() => import('#app/components/rich-text/rich-text-editor.tsx'))

type TestFormInput = z.input<typeof testFormSchema>
type Form = FormMetadata<TestFormInput, string[]>
type QuestionsField = FieldMetadata<TestFormInput['questions'], TestFormInput, string[]>
type QuestionField = ReturnType<QuestionsField['getFieldList']>[number]
type QuestionFieldset = ReturnType<QuestionField['getFieldset']>

/** A new question: empty text and options, the first option correct (correct_answer_index defaults to 0). */
const NEW_QUESTION = {
  question_text: '',
  image_url: '',
  options: Array.from({ length: OPTIONS_PER_QUESTION }, () => ''),
  correct_answer_index: '0',
}

export function WrittenQuestions({ form, field, hydrated }: { form: Form; field: QuestionsField; hydrated: boolean }) {
  const list = field.getFieldList()
  const listRef = useRef<HTMLOListElement>(null)
  const count = useRef(list.length)
  useEffect(() => {
    // A question added with scripts on: bring it into view.
    if (list.length > count.current)
      listRef.current?.lastElementChild?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
    count.current = list.length
  }, [list.length])
  return (
    <>
      <p className="text-sm text-zinc-400">Each question has four options; mark the correct one.</p>
      {list.length === 0 ? (
        <EmptyState>No written questions yet.</EmptyState>
      ) : (
        <ol ref={listRef} className="flex flex-col gap-4" aria-label="Written questions">
          {list.map((question, index) => (
            <QuestionCard
              key={question.key}
              form={form}
              listName={field.name}
              meta={question}
              index={index}
              count={list.length}
              hydrated={hydrated}
            />
          ))}
        </ol>
      )}
      <FieldError id={field.errorId} errors={field.errors} />
      <div>
        <button
          {...form.insert.getButtonProps({ name: field.name, defaultValue: NEW_QUESTION })}
          className={secondaryButton}
        >
          Add Question
        </button>
      </div>
    </>
  )
}

function QuestionCard({
  form,
  listName,
  meta,
  index,
  count,
  hydrated,
}: {
  form: Form
  listName: string
  meta: QuestionField
  index: number
  count: number
  hydrated: boolean
}) {
  const q = meta.getFieldset()
  const number = index + 1
  return (
    <li
      className="flex flex-col gap-4 rounded-xl border border-zinc-800 bg-zinc-950/40 p-3 sm:p-4"
      aria-label={`Question ${number}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">Question {number}</h4>
        <div className="flex flex-wrap gap-1.5">
          <button
            {...form.reorder.getButtonProps({ name: listName, from: index, to: index - 1 })}
            disabled={index === 0}
            className={smallButton}
            aria-label={`Move question ${number} up`}
          >
            Move Up
          </button>
          <button
            {...form.reorder.getButtonProps({ name: listName, from: index, to: index + 1 })}
            disabled={index === count - 1}
            className={smallButton}
            aria-label={`Move question ${number} down`}
          >
            Move Down
          </button>
          <button
            {...form.remove.getButtonProps({ name: listName, index })}
            className={smallDangerButton}
            aria-label={`Remove question ${number}`}
          >
            Remove
          </button>
        </div>
      </div>
      <input {...inputProps(q.id, 'hidden')} />
      <QuestionText meta={q.question_text} hydrated={hydrated} />
      <Field {...fieldProps(q.image_url, 'Image URL (optional)')}>
        <input
          {...inputProps(q.image_url)}
          className={inputClass}
          placeholder="https://… or an uploaded image's address"
        />
      </Field>
      <Options meta={q.options} correct={q.correct_answer_index} number={number} />
    </li>
  )
}

function QuestionText({ meta, hydrated }: { meta: QuestionFieldset['question_text']; hydrated: boolean }) {
  // NOTE: the textarea stays in the form once scripts run (hidden): it is the field the editor's HTML is written to,
  // so the post and conform's validation see the text either way.
  const control = useInputControl(meta)
  const { key: _key, ...textarea } = getTextareaProps(meta)
  const labelId = `${meta.id}-label`
  const invalid = Boolean(meta.errors?.length)
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label id={labelId} htmlFor={hydrated ? undefined : meta.id} className="text-sm text-zinc-300">
        {hydrated ? 'Question Text' : 'Question Text (HTML)'}
      </label>
      <textarea {...textarea} hidden={hydrated} rows={5} className={`${textareaClass} font-mono`} />
      {hydrated ? (
        <Suspense
          fallback={<div className="h-48 animate-pulse rounded-md border border-zinc-800 bg-zinc-950" aria-hidden />}
        >
          <RichTextEditor
            key={meta.key}
            initialHTML={typeof control.value === 'string' ? control.value : ''}
            onChange={control.change}
            onBlur={control.blur}
            labelledBy={labelId}
            describedBy={invalid ? meta.errorId : undefined}
            invalid={invalid}
          />
        </Suspense>
      ) : (
        <p className="text-xs text-zinc-500">
          Formatting is HTML, e.g. &lt;p&gt;, &lt;strong&gt;, &lt;h2&gt;, &lt;a href=&quot;https://…&quot;&gt;; anything
          else is removed when saved.
        </p>
      )}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

function Options({
  meta,
  correct,
  number,
}: {
  meta: QuestionFieldset['options']
  correct: QuestionFieldset['correct_answer_index']
  number: number
}) {
  const options = meta.getFieldList()
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1.5 text-sm text-zinc-300">Options (select the correct answer)</legend>
      {options.map((option, k) => {
        const { key: _key, id: _id, ...radio } = getInputProps(correct, { type: 'radio', value: String(k) })
        return (
          <div key={option.key ?? k} className="flex flex-col gap-1">
            <div className="flex items-center gap-2">
              <input
                {...radio}
                id={`${correct.id}-${k}`}
                className="size-4 shrink-0 accent-brand-600"
                aria-label={`Option ${k + 1} is the correct answer to question ${number}`}
              />
              <input
                {...inputProps(option)}
                className={inputClass}
                aria-label={`Option ${k + 1}`}
                placeholder={`Option ${k + 1}`}
              />
            </div>
            <FieldError id={option.errorId} errors={option.errors} />
          </div>
        )
      })}
      <FieldError id={meta.errorId} errors={meta.errors} />
      <FieldError id={correct.errorId} errors={correct.errors} />
    </fieldset>
  )
}
