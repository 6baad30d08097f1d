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
import { useApplicationTexts } from '#app/components/application-texts.ts'
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
import { useT } from '#app/ui/i18n.tsx'
import { getUser, requirePageUser } from '#server/auth/user.ts'
import { getServices, requestContext } from '#server/context.ts'
import { refusalsSaying, userMessageOf } from '#server/errors.ts'
import { assertApplicationRate } from '#server/http/security.ts'
import { pageLanguage, pageMessages } from '#server/http/page-texts.ts'
import { translate } from '#server/lib/i18n.ts'
import { joinText } from '#server/recruitment/page-texts.ts'
import { apply, joinPage, withdraw } from '#server/recruitment/applying.ts'

// /join (docs/rules/recruitment.md): what the unit is (the admins' introduction) and its application form. Applying
// needs a Discord login; a member sees their standing instead, an applicant their open application. Works without
// JavaScript: the form posts here, a refusal comes back with the answers kept and the message on its question. It
// speaks the page's language (the catalogs' `join` and `applications`); the unit's own words (its introduction, the
// questions, the closed message) stay as written, and the /api's refusals are said in the page's words.

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context)
  const [page, messages] = await Promise.all([
    getUser(services, request).then((user) => joinPage(services.db, user)),
    pageMessages(request, context, ['join', 'applications']),
  ])
  return { ...page, messages }
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
  const { language } = await pageLanguage(request, context)
  const say = (message: string) => joinText(language, message)
  const saveFailed = translate(language, 'applications.saveFailed')
  if (post.intent === RECRUITMENT_INTENTS.withdraw)
    return deleteRecord(post, (id) => refusalsSaying(say, withdraw(services, user, id)), {
      success: say(RECRUITMENT_MESSAGES.withdrawn),
      failure: saveFailed,
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
    if (failure.status >= 500) return failWithToast(post, error, saveFailed)
    const errors = Object.fromEntries(
      Object.entries(failure.fields ?? {}).map(([id, messages]) => [id, messages.map(say)]),
    )
    return data<ApplyAnswer>(
      { ok: false, form: 'apply', errors, formError: Object.keys(errors).length ? null : say(failure.message), values },
      { status: failure.status },
    )
  }
  return succeed(post, say(RECRUITMENT_MESSAGES.applied))
}

export default function JoinPage({ loaderData }: Route.ComponentProps) {
  const { form } = loaderData
  const t = useT('join')
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-zinc-400">{t('intro')}</p>
      </div>
      {form.intro_html ? (
        <section aria-label={t('about')} className="rounded-xl border border-zinc-800 bg-zinc-900/60 px-4 py-4">
          <RichText html={form.intro_html} />
        </section>
      ) : null}
      <Standing data={loaderData} />
    </main>
  )
}

/** What the viewer can do here: log in, apply, follow their application, or read that they are a member. */
function Standing({ data: { form, viewer } }: { data: JoinPageData }) {
  const t = useT('join')
  const applications = useT('applications')
  const texts = useApplicationTexts()
  if (viewer.kind === 'member')
    return (
      <Section title={t('yourStatus')}>
        {viewer.banned ? (
          <Notice>{t('messages.banned')}</Notice>
        ) : (
          <p className="text-sm text-zinc-300" data-testid="member-standing">
            {t.rich('memberStanding', {
              name: viewer.name,
              rank: viewer.rank,
              strong: (chunks) => <strong className="text-zinc-100">{chunks}</strong>,
            })}{' '}
            <Link to="/account" className="text-brand-400 underline">
              {t('yourAccount')}
            </Link>
          </p>
        )}
      </Section>
    )
  if (viewer.kind === 'applicant' && viewer.open)
    return (
      <Section title={t('yourApplication')} description={t('inTouch')}>
        <DeleteConfirmStep
          intent={RECRUITMENT_INTENTS.withdraw}
          items={[viewer.open]}
          message={() => applications('withdrawConfirm')}
          confirmLabel={applications('withdraw')}
          cancelLabel={t('cancel')}
        />
        <MyApplication application={viewer.open} actions={<WithdrawButton id={viewer.open.id} />} texts={texts} />
      </Section>
    )
  if (!form.open)
    return (
      <Section title={t('applications')}>
        <Notice tone="info">{form.closed_message || t('messages.closedDefault')}</Notice>
      </Section>
    )
  if (viewer.kind === 'anonymous')
    return (
      <Section title={t('apply')} description={t('tiedToDiscord')}>
        <p className="text-sm text-zinc-300">{t('messages.loginRequired')}</p>
        <div>
          <LoginButton returnTo="/join" label={t('loginWithDiscord')} />
        </div>
        <QuestionPreview questions={form.questions} />
      </Section>
    )
  if (viewer.cooldownUntil)
    return (
      <Section title={t('yourApplication')}>
        <Notice tone="info">{t('messages.cooldown', { day: viewer.cooldownUntil.slice(0, 10) })}</Notice>
        {viewer.last ? <MyApplication application={viewer.last} texts={texts} /> : null}
      </Section>
    )
  return <ApplyForm questions={form.questions} />
}

function WithdrawButton({ id }: { id: number }) {
  const t = useT('applications')
  return (
    <ConfirmButtonForm
      formKey={confirmKeyOf(RECRUITMENT_INTENTS.withdraw, id)}
      intent={RECRUITMENT_INTENTS.withdraw}
      fields={{ id }}
      confirm={t('withdrawConfirm')}
      label={t('withdrawApplication')}
      className={smallDangerButton}
    />
  )
}

function QuestionPreview({ questions }: { questions: Question[] }) {
  const t = useT('join')
  if (!questions.length) return null
  return (
    <div className="flex flex-col gap-1.5 border-t border-zinc-800 pt-3">
      <h3 className="text-sm font-semibold text-zinc-200">{t('formAsks')}</h3>
      <ul className="list-disc pl-5 text-sm text-zinc-300">
        {questions.map((q) => (
          <li key={q.id}>{q.label}</li>
        ))}
      </ul>
    </div>
  )
}

function ApplyForm({ questions }: { questions: Question[] }) {
  const t = useT('join')
  const { Form, action, hidden, busy } = useFormPost('apply')
  const answer = useActionData<ApplyAnswer | undefined>()
  const refused = answer?.form === 'apply' ? answer : undefined
  return (
    <Section title={t('apply')} description={t('applyDescription')}>
      <Form method="post" action={action} className="flex flex-col gap-4" aria-label={t('applicationLabel')} noValidate>
        {hidden}
        <input type="hidden" name="intent" value={RECRUITMENT_INTENTS.apply} />
        {refused?.formError ? <Notice>{refused.formError}</Notice> : null}
        {questions.map((q) => (
          <QuestionField key={q.id} question={q} value={refused?.values[q.id]} errors={refused?.errors[q.id]} />
        ))}
        <div>
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            {t('send')}
          </button>
        </div>
      </Form>
    </Section>
  )
}

/** A yes/no question's two answers, as the form posts them. */
const YES_NO = ['yes', 'no'] as const

function QuestionField({ question: q, value, errors }: { question: Question; value?: string; errors?: string[] }) {
  const t = useT('join')
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
          {YES_NO.map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-zinc-200">
              <input
                type="radio"
                name={common.name}
                value={choice}
                defaultChecked={value === choice}
                className="size-4 accent-brand-500"
              />
              {choice === 'yes' ? t('yes') : t('no')}
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
          <option value="">{t('choose')}</option>
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

export function meta({ loaderData }: Route.MetaArgs) {
  const join = loaderData?.messages['join'] as { pageTitle?: string } | undefined
  return [{ title: join?.pageTitle ?? 'Join the Unit · Task Force HQ' }]
}
