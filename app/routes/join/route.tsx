import { data, Link, useActionData } from 'react-router'
import type { Route } from './+types/route'
import {
  QUESTION_KIND_LABELS,
  RECRUITMENT_INTENTS,
  RECRUITMENT_LIMITS,
  RECRUITMENT_MESSAGES,
  type JoinPageData,
  type Question,
} from '#contracts/recruitment.ts'
import { LoginButton } from '#app/components/login-button.tsx'
import { MyApplication } from '#app/components/recruitment.tsx'
import { RichText } from '#app/components/rich-text.tsx'
import { deleteRecord } from '#app/forms/actions.ts'
import { failWithToast, readFormPost, succeed, unknownIntent } from '#app/forms/respond.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { primaryButton, smallDangerButton } from '#app/ui/button.ts'
import { ConfirmButtonForm } from '#app/ui/confirm.tsx'
import { confirmKeyOf, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { FieldError, inputClass, Notice, RequiredMark, Section, selectClass, textareaClass } from '#app/ui/field.tsx'
import { getUser, requirePageUser } from '#server/auth/user.ts'
import { getServices, requestContext } from '#server/context.ts'
import { userMessageOf } from '#server/errors.ts'
import { assertApplicationRate } from '#server/http/security.ts'
import { apply, joinPage, withdraw } from '#server/recruitment/recruitment.ts'

// /join (docs/rules/recruitment.md): what the unit is (the admins' introduction) and its application form. Applying
// needs a Discord login; a member sees their standing instead, an applicant their open application. Works without
// JavaScript: the form posts here, a refusal comes back with the answers kept and the message on its question.

export async function loader({ request, context }: Route.LoaderArgs): Promise<JoinPageData> {
  const services = getServices(context)
  return joinPage(services.db, await getUser(services, request))
}

/** What a refused application answers: the message per question, the form's message and the answers as sent. */
interface ApplyAnswer {
  ok: false
  form: 'apply'
  errors: Record<string, string[]>
  formError: string | null
  values: Record<string, string>
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePageUser(request, context)
  const post = await readFormPost(request, context)
  const services = getServices(context)
  if (post.intent === RECRUITMENT_INTENTS.withdraw)
    return deleteRecord(post, (id) => withdraw(services, user, id), {
      success: RECRUITMENT_MESSAGES.withdrawn,
      failure: RECRUITMENT_MESSAGES.saveFailed,
    })
  if (post.intent !== RECRUITMENT_INTENTS.apply) return unknownIntent(post)
  const values: Record<string, string> = {}
  for (const [key, value] of post.form)
    if (key.startsWith('answers.') && typeof value === 'string') values[key.slice('answers.'.length)] = value
  try {
    assertApplicationRate(services.config, context.get(requestContext).clientIp)
    await apply(services, user, values)
  } catch (error) {
    const failure = userMessageOf(error, RECRUITMENT_MESSAGES.saveFailed, { intent: post.intent })
    if (failure.status >= 500) return failWithToast(post, error, RECRUITMENT_MESSAGES.saveFailed)
    const errors = failure.fields ?? {}
    return data<ApplyAnswer>(
      { ok: false, form: 'apply', errors, formError: Object.keys(errors).length ? null : failure.message, values },
      { status: failure.status },
    )
  }
  return succeed(post, RECRUITMENT_MESSAGES.applied)
}

export default function JoinPage({ loaderData }: Route.ComponentProps) {
  const { form } = loaderData
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Join the Unit</h1>
        <p className="mt-1 text-zinc-400">Who we are, and how to apply.</p>
      </div>
      {form.intro_html ? (
        <section aria-label="About the unit" className="rounded-xl border border-zinc-800 bg-zinc-900/60 px-4 py-4">
          <RichText html={form.intro_html} />
        </section>
      ) : null}
      <Standing data={loaderData} />
    </main>
  )
}

/** What the viewer can do here: log in, apply, follow their application, or read that they are a member. */
function Standing({ data: { form, viewer } }: { data: JoinPageData }) {
  if (viewer.kind === 'member')
    return (
      <Section title="Your status">
        {viewer.banned ? (
          <Notice>{RECRUITMENT_MESSAGES.banned}</Notice>
        ) : (
          <p className="text-sm text-zinc-300" data-testid="member-standing">
            You are a member of the unit: <strong className="text-zinc-100">{viewer.name}</strong>, {viewer.rank}.{' '}
            <Link to="/account" className="text-brand-400 underline">
              Your account
            </Link>
          </p>
        )}
      </Section>
    )
  if (viewer.kind === 'applicant' && viewer.open)
    return (
      <Section title="Your application" description="The recruiters will be in touch on Discord.">
        <DeleteConfirmStep
          intent={RECRUITMENT_INTENTS.withdraw}
          items={[viewer.open]}
          message={() => WITHDRAW_CONFIRM}
          confirmLabel="Withdraw"
        />
        <MyApplication application={viewer.open} actions={<WithdrawButton id={viewer.open.id} />} />
      </Section>
    )
  if (!form.open)
    return (
      <Section title="Applications">
        <Notice tone="info">{form.closed_message || RECRUITMENT_MESSAGES.closedDefault}</Notice>
      </Section>
    )
  if (viewer.kind === 'anonymous')
    return (
      <Section
        title="Apply"
        description="Your application is tied to your Discord account, so the recruiters can reach you."
      >
        <p className="text-sm text-zinc-300">{RECRUITMENT_MESSAGES.loginRequired}</p>
        <div>
          <LoginButton returnTo="/join" />
        </div>
        <QuestionPreview questions={form.questions} />
      </Section>
    )
  if (viewer.cooldownUntil)
    return (
      <Section title="Your application">
        <Notice tone="info">{RECRUITMENT_MESSAGES.cooldown(viewer.cooldownUntil.slice(0, 10))}</Notice>
        {viewer.last ? <MyApplication application={viewer.last} /> : null}
      </Section>
    )
  return <ApplyForm questions={form.questions} />
}

const WITHDRAW_CONFIRM = 'Withdraw your application? You can apply again at any time.'

function WithdrawButton({ id }: { id: number }) {
  return (
    <ConfirmButtonForm
      formKey={confirmKeyOf(RECRUITMENT_INTENTS.withdraw, id)}
      intent={RECRUITMENT_INTENTS.withdraw}
      fields={{ id }}
      confirm={WITHDRAW_CONFIRM}
      label="Withdraw application"
      className={smallDangerButton}
    />
  )
}

function QuestionPreview({ questions }: { questions: Question[] }) {
  if (!questions.length) return null
  return (
    <div className="flex flex-col gap-1.5 border-t border-zinc-800 pt-3">
      <h3 className="text-sm font-semibold text-zinc-200">The form asks</h3>
      <ul className="list-disc pl-5 text-sm text-zinc-300">
        {questions.map((q) => (
          <li key={q.id}>{q.label}</li>
        ))}
      </ul>
    </div>
  )
}

function ApplyForm({ questions }: { questions: Question[] }) {
  const { Form, action, hidden, busy } = useFormPost('apply')
  const answer = useActionData<ApplyAnswer | undefined>()
  const refused = answer?.form === 'apply' ? answer : undefined
  return (
    <Section title="Apply" description="Fields marked * are required. The recruiters read your answers.">
      <Form method="post" action={action} className="flex flex-col gap-4" aria-label="Application" noValidate>
        {hidden}
        <input type="hidden" name="intent" value={RECRUITMENT_INTENTS.apply} />
        {refused?.formError ? <Notice>{refused.formError}</Notice> : null}
        {questions.map((q) => (
          <QuestionField key={q.id} question={q} value={refused?.values[q.id]} errors={refused?.errors[q.id]} />
        ))}
        <div>
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            Send application
          </button>
        </div>
      </Form>
    </Section>
  )
}

function QuestionField({ question: q, value, errors }: { question: Question; value?: string; errors?: string[] }) {
  const id = `answer-${q.id}`
  const errorId = `${id}-error`
  const invalid = Boolean(errors?.length)
  const common = {
    id,
    name: `answers.${q.id}`,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId : undefined,
    'aria-required': q.required || undefined,
  }
  const label = (
    <>
      {q.label}
      {q.required ? <RequiredMark /> : null}
    </>
  )
  if (q.kind === 'yesno')
    return (
      <fieldset className="flex min-w-0 flex-col gap-1.5" aria-describedby={invalid ? errorId : undefined}>
        <legend className="mb-1.5 text-sm text-zinc-300">{label}</legend>
        <div className="flex gap-4 text-sm">
          {(['yes', 'no'] as const).map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-zinc-200">
              <input
                type="radio"
                name={common.name}
                value={choice}
                defaultChecked={value === choice}
                className="size-4 accent-brand-500"
              />
              {choice === 'yes' ? 'Yes' : 'No'}
            </label>
          ))}
        </div>
        <FieldError id={errorId} errors={errors} />
      </fieldset>
    )
  return (
    <div className="flex min-w-0 flex-col gap-1.5" data-kind={QUESTION_KIND_LABELS[q.kind]}>
      <label className="text-sm text-zinc-300" htmlFor={id}>
        {label}
      </label>
      {q.kind === 'textarea' ? (
        <textarea
          {...common}
          rows={4}
          maxLength={RECRUITMENT_LIMITS.longAnswer}
          defaultValue={value}
          className={textareaClass}
        />
      ) : q.kind === 'choice' ? (
        <select {...common} defaultValue={value ?? ''} className={selectClass}>
          <option value="">Choose…</option>
          {q.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type="text"
          inputMode={q.kind === 'number' ? 'decimal' : undefined}
          maxLength={q.kind === 'text' ? RECRUITMENT_LIMITS.shortAnswer : 20}
          defaultValue={value}
          className={inputClass}
        />
      )}
      <FieldError id={errorId} errors={errors} />
    </div>
  )
}

export function meta() {
  return [{ title: 'Join the Unit · Task Force HQ' }]
}
