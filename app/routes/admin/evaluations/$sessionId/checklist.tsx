import type { FormEvent, ReactNode } from 'react'
import { Form } from 'react-router'
import type { LiveStatus } from './use-live-session.ts'
import { SectionBlock, pointsText, sectionsOf } from '../parts.tsx'
import { EVALUATION_ANSWERS, type EvaluationAnswer } from '#contracts/evaluations.ts'
import type { EvaluationChecklistItem } from '#contracts/assessments.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { buttonClass, dangerButton, primaryButton } from '#app/ui/button.ts'
import { ConfirmButtonForm } from '#app/ui/confirm.tsx'
import { EmptyState, FieldError, textareaClass } from '#app/ui/field.tsx'

// The live evaluation's checklist, Final Notes and buttons. Every button is a plain form post (works without
// JavaScript); once scripts run the answer forms hand the click to the live session (optimistic) and Submit Final
// Evaluation posts the notes through it.

export const LIVE_INTENTS = { answer: 'answer', submit: 'submit-evaluation', cancel: 'cancel-evaluation' } as const
export const CANCEL_CONFIRM_KEY = 'cancel-evaluation'
export const CANCEL_CONFIRM = 'Are you sure you want to cancel this evaluation? Nothing will be recorded.'
const NOTES_FORM_ID = 'final-notes-form'

type OnAnswer = (questionId: number, answer: EvaluationAnswer) => void

const isAnswer = (value: unknown): value is EvaluationAnswer =>
  (EVALUATION_ANSWERS as readonly unknown[]).includes(value)

export function Checklist({
  questions,
  answers,
  onAnswer,
}: {
  questions: EvaluationChecklistItem[]
  answers: Record<string, EvaluationAnswer>
  onAnswer: OnAnswer
}) {
  const hydrated = useHydrated()
  if (questions.length === 0) return <EmptyState>This evaluation has no checklist items.</EmptyState>
  return (
    <div className="flex flex-col gap-4">
      {sectionsOf(questions).map((section) => (
        <SectionBlock key={section.name} section={section}>
          {section.questions.map((question) => (
            <LiveQuestion
              key={question.id}
              question={question}
              answer={answers[String(question.id)]}
              onAnswer={hydrated ? onAnswer : undefined}
            />
          ))}
        </SectionBlock>
      ))}
    </div>
  )
}

function LiveQuestion({
  question,
  answer,
  onAnswer,
}: {
  question: EvaluationChecklistItem
  answer: EvaluationAnswer | undefined
  onAnswer?: OnAnswer
}) {
  const textId = `question-${question.id}-text`
  const handOver = onAnswer
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault()
        const value = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value')
        if (isAnswer(value)) onAnswer(question.id, value)
      }
    : undefined
  return (
    <li
      id={`question-${question.id}`}
      aria-labelledby={textId}
      data-testid="live-question"
      className="flex scroll-mt-6 flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p id={textId} className="min-w-0 text-sm break-words text-zinc-100">
        {question.text}
      </p>
      <Form
        method="post"
        onSubmit={handOver}
        className="grid shrink-0 grid-cols-3 gap-2 sm:flex"
        aria-label={`Answer: ${question.text}`}
      >
        <input type="hidden" name="intent" value={LIVE_INTENTS.answer} />
        <input type="hidden" name="questionId" value={question.id} />
        <AnswerButton value="pass" current={answer}>
          Pass (+{pointsText(question.pos_score)})
        </AnswerButton>
        <AnswerButton value="fail" current={answer}>
          {question.neg_score > 0 ? `Fail (-${pointsText(question.neg_score)})` : 'Fail'}
        </AnswerButton>
        <AnswerButton value="na" current={answer}>
          N/A
        </AnswerButton>
      </Form>
    </li>
  )
}

const CHOSEN: Record<EvaluationAnswer, string> = {
  pass: 'border-emerald-500 bg-emerald-600 text-white hover:bg-emerald-500',
  fail: 'border-red-500 bg-red-600 text-white hover:bg-red-500',
  na: 'border-zinc-400 bg-zinc-500 text-white hover:bg-zinc-400',
}

function AnswerButton({
  value,
  current,
  children,
}: {
  value: EvaluationAnswer
  current: EvaluationAnswer | undefined
  children: ReactNode
}) {
  const chosen = current === value
  const look = chosen
    ? `inline-flex h-9 items-center justify-center rounded-md border px-3 text-sm font-semibold transition ${CHOSEN[value]}`
    : buttonClass('secondary', 'sm')
  return (
    <button type="submit" name="answer" value={value} aria-pressed={chosen} className={`${look} min-w-20`}>
      {children}
    </button>
  )
}

/** Final Notes with Cancel (confirmed) and Submit Final Evaluation. */
export function FinalNotes({ onSubmit, submitting }: { onSubmit: (notes: string) => void; submitting: boolean }) {
  const hydrated = useHydrated()
  const { Form: NotesForm, action, hidden, lastResult, busy } = useFormPost(NOTES_FORM_ID)
  const errors = lastResult?.error?.notes
  const handOver = hydrated
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault()
        onSubmit(String(new FormData(event.currentTarget).get('notes') ?? ''))
      }
    : undefined
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-zinc-800 bg-zinc-900/60 px-4 py-4">
      <NotesForm id={NOTES_FORM_ID} method="post" action={action} onSubmit={handOver} className="flex flex-col gap-1.5">
        {hidden}
        <input type="hidden" name="intent" value={LIVE_INTENTS.submit} />
        <label htmlFor="final-notes" className="font-semibold text-zinc-200">
          Final Notes
        </label>
        <textarea
          id="final-notes"
          name="notes"
          rows={5}
          maxLength={5000}
          className={textareaClass}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? 'final-notes-error' : undefined}
        />
        <FieldError id="final-notes-error" errors={errors} />
      </NotesForm>
      <div className="flex flex-wrap justify-end gap-2">
        <ConfirmButtonForm
          formKey={LIVE_INTENTS.cancel}
          intent={LIVE_INTENTS.cancel}
          confirm={CANCEL_CONFIRM}
          label="Cancel"
          className={`${dangerButton} h-10`}
        />
        <button
          type="submit"
          form={NOTES_FORM_ID}
          className={primaryButton}
          disabled={submitting || busy}
          aria-busy={submitting || busy || undefined}
        >
          Submit Final Evaluation
        </button>
      </div>
    </div>
  )
}

const STATUS_TEXT: Record<LiveStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  polling: 'Refreshing every 3 s',
}

/** Whether this view follows the session live (shown once scripts run; without them the page is as loaded). */
export function LiveStatusNote({ status }: { status: LiveStatus }) {
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <p
      className="inline-flex items-center gap-2 rounded-full border border-zinc-800 px-3 py-1 text-xs text-zinc-400"
      data-testid="live-status"
      data-status={status}
    >
      <span
        aria-hidden
        className={`size-2 rounded-full ${status === 'live' ? 'bg-emerald-400' : status === 'polling' ? 'bg-amber-400' : 'bg-zinc-500'}`}
      />
      {STATUS_TEXT[status]}
    </p>
  )
}
