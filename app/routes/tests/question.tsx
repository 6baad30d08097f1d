import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { TakeQuestion } from '#contracts/assessments.ts'
import { RichText } from '#app/components/rich-text.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { useT } from '#app/ui/i18n.tsx'
import { TESTS_PATH } from './paths.ts'

// Pieces the take page and the result share: a numbered question with its optional image and its rich text, and the
// page shown when the test or the result is not there for this member.

/** The ids that name a question's number and text, so its options' group is labelled by both. */
export const questionIds = (id: number) => ({ number: `question-${id}-number`, text: `question-${id}-text` })

export function QuestionCard({
  question,
  number,
  aside,
  invalid = false,
  children,
}: {
  question: TakeQuestion
  number: number
  /** Beside the number (the result's Correct / Incorrect). */
  aside?: ReactNode
  /** Marks a question left unanswered after a refused submit. */
  invalid?: boolean
  children: ReactNode
}) {
  const t = useT('testTaking.take')
  const ids = questionIds(question.id)
  return (
    <li
      data-testid="question"
      data-invalid={invalid || undefined}
      className="flex flex-col gap-4 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 data-invalid:border-red-500/60 sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={ids.number} className="text-sm font-semibold tracking-wide text-zinc-400 uppercase">
          {t('question', { number })}
        </h2>
        {aside}
      </div>
      {question.image_url ? (
        // The question's own picture; its meaning is in the text, so it is decorative to a screen reader.
        <img
          src={question.image_url}
          alt=""
          loading="lazy"
          className="max-h-96 w-auto max-w-full self-start rounded-lg border border-zinc-800 object-contain"
        />
      ) : null}
      <RichText id={ids.text} html={question.question_text} />
      {children}
    </li>
  )
}

export function BackToTests({ className = '' }: { className?: string }) {
  const t = useT('testTaking.take')
  return (
    <Link to={TESTS_PATH} className={`${buttonClass('secondary', 'md')} ${className}`}>
      {t('backToTests')}
    </Link>
  )
}

/** 'Test not found or you are not eligible to take it.' / 'Test result not found.', and what else there is to say. */
export function TestsNotice({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center gap-5 px-6 py-16 text-center">
      <p className="text-lg font-medium text-zinc-200" data-testid="tests-notice">
        {text}
      </p>
      {children}
      <BackToTests />
    </main>
  )
}
