import { parseWithZod } from '@conform-to/zod/v4'
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react'
import { Link } from 'react-router'
import type { Route } from './+types/$uuid.take'
import { TESTS_PATH, resultHref } from './paths.ts'
import { QuestionCard, TestsNotice, questionIds } from './question.tsx'
import { TEST_MESSAGES, submitTestSchema, type TakeQuestion, type TestForTaking } from '#contracts/assessments.ts'
import { failInline, failWithToast, invalid, readFormPost, succeed } from '#app/forms/respond.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { useOptionalUser } from '#app/root.tsx'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { FieldError, Notice } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { requirePageUser, requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { Conflict, Invalid, ServiceError } from '#server/errors.ts'
import { logger } from '#server/logger.ts'
import { submitTest } from '#server/assessments/attempts.ts'
import { getTestForTaking, ownAttemptUuid } from '#server/assessments/queries.ts'
import { pageLanguage, pageMessages } from '#server/http/page-texts.ts'
import { translate } from '#server/lib/i18n.ts'
import { testFieldTexts, testText } from '#server/assessments/page-texts.ts'

// Take test (docs/rules/assessments.md, taking a test): the questions without their correct answers, for a member an
// admin approved (not banned, no attempt yet); anyone else reads 'Test not found or you are not eligible to take it.'.
// The answers stay in the form until Submit Test; with JavaScript a missing answer is caught before posting, without it
// the action answers the same message (400). The action calls the use case behind POST /api/tests/{id}/submit and goes
// to the result of the new attempt with 'Test submitted! You scored N%. ...', or back to /tests with the reason. The
// page and its answers speak the page's language (the catalogs' `testTaking`); the /api's own texts stay English.

const FORM = 'take-test'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePageUser(request, context)
  const { db } = getServices(context)
  const messages = await pageMessages(request, context, ['testTaking'])
  try {
    return { test: await getTestForTaking(db, user, params.uuid), takenAttempt: null, messages }
  } catch (error) {
    // Not found, not approved, banned, already taken: all get the one 'not found or not eligible' answer. Anything
    // else is logged as well.
    if (!(error instanceof ServiceError))
      logger.error({ msg: TEST_MESSAGES.fetchTakeFailed, error: error instanceof Error ? error.stack : String(error) })
    // The member's own attempt (Back after submitting, or the take link again): say so, and where the result is.
    const takenAttempt =
      error instanceof Conflict ? await ownAttemptUuid(db, user, params.uuid).catch(() => null) : null
    // NOTE: 200, not 404: the page is the answer, and a client-side navigation to a 404 would log a failed load.
    return { test: null, takenAttempt, messages }
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readFormPost(request, context)
  const submission = parseWithZod(post.form, { schema: submitTestSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const services = getServices(context)
  const { language } = await pageLanguage(request, context)
  const failed = translate(language, 'testTaking.errors.submitFailed')
  let result
  try {
    result = await submitTest(services, await requireUser(request, context), params.uuid, submission.value)
  } catch (error) {
    // A question left unanswered (or one that is not in the test): the page again, with the message (400).
    if (error instanceof Invalid)
      return failInline(
        post,
        submission,
        new Invalid(testText(language, error.message), testFieldTexts(language, error.fields)),
        failed,
      )
    return failWithToast(post, error, failed, { to: TESTS_PATH, describe: (reason) => testText(language, reason) })
  }
  const submitted = translate(language, 'testTaking.take.submitted', {
    score: Math.round(result.score),
    passed: result.passed ? 'yes' : 'no',
  })
  return succeed(post, submitted, { to: resultHref(result.attemptUuid) })
}

export default function TakeTestPage({ loaderData }: Route.ComponentProps) {
  const { test, takenAttempt } = loaderData
  const t = useT('testTaking')
  if (!test)
    return (
      <TestsNotice text={t('take.notFound')}>
        {takenAttempt ? (
          <p className="text-zinc-300" data-testid="test-taken">
            {t('errors.alreadyTaken')}{' '}
            <Link to={resultHref(takenAttempt)} className="font-medium text-brand-400 underline">
              {t('take.viewResult')}
            </Link>
          </p>
        ) : null}
      </TestsNotice>
    )
  return <TakeTestForm test={test} />
}

/** The contract's schema, plus the page's own check: every question of this test has an answer (`answerAll`). */
function answersSchemaFor(questions: TakeQuestion[], answerAll: string) {
  return submitTestSchema.refine((value) => questions.every((q) => value.answers[String(q.id)] !== undefined), {
    message: answerAll,
    path: ['answers'],
  })
}

/** Where the chosen answers wait until Submit Test: this tab's session storage, per test and signed-in user. */
export const answersKey = (testId: number, userId: number) => `take-test:${testId}:${userId}`

/**
 * Keeps the chosen answers in session storage while the test is open, so a refresh (or a phone reloading a tab in
 * the background) does not lose them; they are put back after hydration and dropped on submit.
 */
function useKeptAnswers(formRef: RefObject<HTMLFormElement | null>, key: string | null) {
  useEffect(() => {
    const form = formRef.current
    if (!form || !key) return
    let saved: Record<string, string>
    try {
      saved = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, string>
    } catch {
      return
    }
    for (const [name, value] of Object.entries(saved)) {
      const input = [...form.querySelectorAll<HTMLInputElement>('input[type=radio]')].find(
        (radio) => radio.name === name && radio.value === value,
      )
      if (!input || input.checked) continue
      input.checked = true
      // The form's own listeners (conform's value, the page's checks) hear it as a choice.
      input.dispatchEvent(new Event('input', { bubbles: true }))
      input.dispatchEvent(new Event('change', { bubbles: true }))
    }
  }, [formRef, key])
  const save = useCallback(() => {
    const form = formRef.current
    if (!form || !key) return
    const chosen = Object.fromEntries(
      [...form.querySelectorAll<HTMLInputElement>('input[type=radio]:checked')].map((radio) => [
        radio.name,
        radio.value,
      ]),
    )
    try {
      sessionStorage.setItem(key, JSON.stringify(chosen))
    } catch {
      // Storage full or off: the answers stay in the page as they always did.
    }
  }, [formRef, key])
  const clear = useCallback(() => {
    if (!key) return
    try {
      sessionStorage.removeItem(key)
    } catch {
      // Nothing kept.
    }
  }, [key])
  return { save, clear }
}

function TakeTestForm({ test }: { test: TestForTaking }) {
  const t = useT('testTaking.take')
  const user = useOptionalUser()
  const formRef = useRef<HTMLFormElement>(null)
  const kept = useKeptAnswers(formRef, user ? answersKey(test.id, user.id) : null)
  const answerAll = t('answerAll')
  const schema = useMemo(() => answersSchemaFor(test.questions, answerAll), [test.questions, answerAll])
  const { Form, hidden, busy, form, fields, formProps } = useSchemaForm(FORM, schema, {
    id: `${FORM}-${test.uuid}`,
    validateOn: 'onSubmit',
  })
  const answers = fields.answers.getFieldset()
  const chosen = (fields.answers.value ?? {}) as Record<string, unknown>
  // With JavaScript the message shows beside Submit Test, where the member just clicked; without it the answer is a
  // new page, read from the top, so the message comes first. Unanswered questions are marked either way.
  const hydrated = useHydrated()
  const errors = fields.answers.errors ?? form.errors
  const refused = Boolean(errors?.length)
  const errorId = `${FORM}-error`
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{test.name}</h1>
      <p className="mt-1 text-zinc-400">{t('passingScore', { score: Math.round(test.passing_score) })}</p>
      {refused && !hydrated ? (
        <div id={errorId} className="mt-6">
          <Notice>{errors?.[0]}</Notice>
        </div>
      ) : null}
      <Form
        {...formProps}
        ref={formRef}
        // NOTE: conform revalidates on input only fields it validated, and an unchecked radio was never sent: once the
        // check has spoken, every answer asks it again, so the message goes as soon as the last question is answered.
        onChange={() => {
          kept.save()
          if (refused) form.validate({ name: fields.answers.name })
        }}
        onSubmit={(event) => {
          formProps.onSubmit(event)
          // Sent (the check passed): the answers are the attempt's now. A refused post comes back with them filled in.
          if (!event.defaultPrevented) kept.clear()
        }}
        aria-label={test.name}
        className="mt-8 flex flex-col gap-6"
      >
        {hidden}
        <ol className="flex flex-col gap-4">
          {test.questions.map((question, index) => {
            const field = answers[String(question.id)]!
            const unanswered = refused && chosen[String(question.id)] === undefined
            return (
              <QuestionCard
                key={question.id}
                question={question}
                number={index + 1}
                invalid={unanswered}
                aside={unanswered ? <NotAnswered /> : null}
              >
                <AnswerOptions
                  question={question}
                  name={field.name}
                  initial={field.initialValue}
                  unanswered={unanswered}
                  errorId={errorId}
                />
              </QuestionCard>
            )
          })}
        </ol>
        <div className="flex flex-col items-stretch gap-3 border-t border-zinc-800 pt-5 sm:flex-row sm:items-center sm:justify-between">
          {hydrated ? <FieldError id={errorId} errors={errors} /> : null}
          <button type="submit" className={`${primaryButton} sm:ml-auto`} disabled={busy} aria-busy={busy || undefined}>
            {t('submit')}
          </button>
        </div>
      </Form>
    </main>
  )
}

function NotAnswered() {
  const t = useT('testTaking.take')
  return <span className="text-xs font-semibold text-red-300">{t('notAnswered')}</span>
}

/** Four single-choice options; the group is named by the question's number and text. */
function AnswerOptions({
  question,
  name,
  initial,
  unanswered,
  errorId,
}: {
  question: TakeQuestion
  name: string
  initial: unknown
  unanswered: boolean
  errorId: string
}) {
  const ids = questionIds(question.id)
  return (
    <fieldset
      data-question={question.id}
      role="radiogroup"
      aria-labelledby={`${ids.number} ${ids.text}`}
      aria-invalid={unanswered || undefined}
      aria-describedby={unanswered ? errorId : undefined}
      className="flex flex-col gap-2"
    >
      {question.options.map((option, index) => {
        const id = `question-${question.id}-option-${index}`
        return (
          <label
            key={index}
            htmlFor={id}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-800 bg-zinc-950/40 px-3 py-2.5 text-sm text-zinc-200 transition hover:border-zinc-600 has-checked:border-brand-600 has-checked:bg-brand-600/10 has-focus-visible:border-brand-500"
          >
            <input
              id={id}
              type="radio"
              name={name}
              value={index}
              defaultChecked={initial === String(index)}
              className="mt-0.5 size-4 shrink-0 accent-brand-500"
            />
            <span className="min-w-0 break-words">{option}</span>
          </label>
        )
      })}
    </fieldset>
  )
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const take = (loaded?.messages['testTaking'] as { take?: { title?: string } } | undefined)?.take
  return [{ title: `${loaded?.test?.name ?? take?.title ?? 'Take Test'} · Task Force HQ` }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
