import { parseWithZod } from '@conform-to/zod/v4'
import { lazy, Suspense, useRef } from 'react'
import { data, useActionData } from 'react-router'
import type { Route } from './+types/form'
import { RecruitmentTabs } from './tabs.tsx'
import {
  cooldownSchema,
  QUESTION_KINDS,
  RECRUITMENT_INTENTS,
  RECRUITMENT_LIMITS,
  RECRUITMENT_MESSAGES,
  recruitmentFormInputSchema,
  type QuestionKind,
} from '#contracts/recruitment.ts'
import { failWithToast, readAdminPost, succeed, unknownIntent, type AdminPost } from '#app/forms/respond.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { primaryButton, secondaryButton } from '#app/ui/button.ts'
import { inputClass, Notice, Section, selectClass, textareaClass } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { TabbedPage } from '#app/ui/tabs.tsx'
import { BackToAdminHub } from '#app/ui/admin-page-header.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { warmRichText } from '#server/rich-text.ts'
import { Invalid } from '#server/errors.ts'
import { pageLanguage, pageMessages } from '#server/http/page-texts.ts'
import { cooldownDays, readForm, saveForm } from '#server/recruitment/form.ts'
import { recruitersText } from '#server/recruitment/page-texts.ts'
import { saveSetting } from '#server/settings/admin-settings.ts'

// The application form's editor (docs/rules/recruitment.md): open or closed with a message, the introduction (the
// tests' rich-text editor once scripts run; HTML in a textarea without them, sanitised on save either way), and the
// questions: each a label, a kind, options for a choice, required or not, an order; blank rows add questions. Also the
// cooldown after a rejection. Saved through the use case of PUT /api/recruitment/form. The editor speaks the page's
// language (the catalogs' `adminRecruitment`, and the use case's English refusals in the page's words); the unit's
// own words (the introduction, the questions, the closed message) stay as written.

const RichTextEditor = lazy(() => import('#app/components/rich-text/rich-text-editor.tsx'))

/** The tags the introduction's help names (HTML, the same in every language). */
const HTML_EXAMPLES = '<p>, <strong>, <h2>, <a href="https://…">'

/** New questions the form offers at once (more after a save). */
const BLANK_ROWS = 2

interface DraftQuestion {
  id: string
  label: string
  kind: QuestionKind
  options: string
  required: boolean
}
interface Draft {
  open: boolean
  closed_message: string
  intro: string
  questions: DraftQuestion[]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  warmRichText()
  const { db } = getServices(context)
  const [form, cooldown, messages] = await Promise.all([
    readForm(db),
    cooldownDays(db),
    pageMessages(request, context, ['adminRecruitment']),
  ])
  const draft: Draft = {
    open: form.open,
    closed_message: form.closed_message,
    intro: form.intro,
    questions: form.questions.map((q) => ({ ...q, options: q.options.join('\n') })),
  }
  return { draft, cooldown, messages }
}

/** The posted form as it was (a refused save shows it again) and as the use case's input. */
function readDraft(form: FormData): { draft: Draft; ordered: DraftQuestion[] } {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const rows: Array<DraftQuestion & { order: number; index: number; remove: boolean }> = []
  for (let index = 0; index < RECRUITMENT_LIMITS.questions + BLANK_ROWS; index++) {
    if (!form.has(`q.${index}.label`)) continue
    const kind = text(`q.${index}.kind`)
    const order = Number(text(`q.${index}.order`))
    rows.push({
      id: text(`q.${index}.id`),
      label: text(`q.${index}.label`),
      kind: (QUESTION_KINDS as readonly string[]).includes(kind) ? (kind as QuestionKind) : 'text',
      options: text(`q.${index}.options`),
      required: form.get(`q.${index}.required`) === 'on',
      order: Number.isFinite(order) ? order : index + 1,
      index,
      remove: form.get(`q.${index}.remove`) === 'on',
    })
  }
  const kept = rows.filter((r) => !r.remove && (r.id || r.label.trim()))
  const ordered = [...kept].sort((a, b) => a.order - b.order || a.index - b.index)
  return {
    draft: {
      open: form.get('open') === 'on',
      closed_message: text('closed_message'),
      intro: text('intro'),
      questions: ordered.map(({ id, label, kind, options, required }) => ({ id, label, kind, options, required })),
    },
    ordered,
  }
}

interface SaveAnswer {
  ok: false
  form: 'recruitment-form'
  error: string
  draft: Draft
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const { language } = await pageLanguage(request, context)
  const say = (message: string) => recruitersText(language, message)
  if (post.intent === RECRUITMENT_INTENTS.saveForm) return save(post, say)
  if (post.intent === RECRUITMENT_INTENTS.saveCooldown) {
    const saveFailed = say(RECRUITMENT_MESSAGES.saveFailed)
    const submission = parseWithZod(post.form, { schema: cooldownSchema })
    if (submission.status !== 'success')
      return failWithToast(post, new Invalid(say(RECRUITMENT_MESSAGES.cooldownInvalid)), saveFailed)
    try {
      await saveSetting(getServices(post.context), post.admin, {
        key: 'recruitment_cooldown_days',
        value: submission.value.recruitment_cooldown_days,
      })
    } catch (error) {
      return failWithToast(post, error, saveFailed)
    }
    return succeed(post, say(RECRUITMENT_MESSAGES.cooldownSaved))
  }
  return unknownIntent(post)
}

async function save(post: AdminPost, say: (message: string) => string) {
  const { draft } = readDraft(post.form)
  const input = {
    ...draft,
    questions: draft.questions.map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      label: q.label,
      kind: q.kind,
      options:
        q.kind === 'choice'
          ? q.options
              .split('\n')
              .map((o) => o.trim())
              .filter(Boolean)
          : [],
      required: q.required,
    })),
  }
  const refuse = (error: string) =>
    data<SaveAnswer>({ ok: false, form: 'recruitment-form', error, draft }, { status: 400 })
  const parsed = recruitmentFormInputSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const at =
      issue.path[0] === 'questions' && typeof issue.path[1] === 'number' ? `Question ${issue.path[1] + 1}: ` : ''
    return refuse(say(`${at}${issue.message}`))
  }
  try {
    await saveForm(getServices(post.context), post.admin, parsed.data)
  } catch (error) {
    const status = (error as { status?: number }).status ?? 500
    if (status >= 400 && status < 500) return refuse(say((error as Error).message))
    return failWithToast(post, error, say(RECRUITMENT_MESSAGES.saveFailed))
  }
  return succeed(post, say(RECRUITMENT_MESSAGES.formSaved))
}

export default function RecruitmentFormRoute({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<SaveAnswer | undefined>()
  const refused = answer?.form === 'recruitment-form' ? answer : undefined
  const draft = refused?.draft ?? loaderData.draft
  const t = useT('adminRecruitment')
  return (
    <TabbedPage title={t('title')} tabs={<RecruitmentTabs />} back={<BackToAdminHub label={t('backToHub')} />}>
      <div className="flex flex-col gap-6">
        <FormEditor key={JSON.stringify(loaderData.draft)} draft={draft} error={refused?.error} />
        <CooldownForm days={loaderData.cooldown} />
      </div>
    </TabbedPage>
  )
}

function FormEditor({ draft, error }: { draft: Draft; error?: string }) {
  const { Form, action, hidden, busy } = useFormPost('recruitment-form')
  const rows: Array<DraftQuestion | null> = [...draft.questions, ...Array.from({ length: BLANK_ROWS }, () => null)]
  const t = useT('adminRecruitment.form')
  return (
    <Section title={t('title')} description={t('description')}>
      <Form method="post" action={action} className="flex flex-col gap-5" aria-label={t('label')}>
        {hidden}
        <input type="hidden" name="intent" value={RECRUITMENT_INTENTS.saveForm} />
        {error ? <Notice>{error}</Notice> : null}
        <label className="flex items-center gap-2 text-sm text-zinc-200">
          <input type="checkbox" name="open" defaultChecked={draft.open} className="size-4 accent-brand-500" />
          {t('open')}
        </label>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="closed_message" className="text-sm text-zinc-300">
            {t('closedMessage')}
          </label>
          <input
            id="closed_message"
            name="closed_message"
            defaultValue={draft.closed_message}
            maxLength={RECRUITMENT_LIMITS.closedMessage}
            className={inputClass}
          />
        </div>
        <IntroField initial={draft.intro} />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-zinc-200">{t('questions')}</legend>
          <p className="text-xs text-zinc-400">{t('questionsHelp')}</p>
          <ol className="flex flex-col gap-3">
            {rows.map((q, index) => (
              <QuestionRow key={q?.id || `new-${index}`} question={q} index={index} />
            ))}
          </ol>
        </fieldset>
        <div>
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            {t('save')}
          </button>
        </div>
      </Form>
    </Section>
  )
}

function IntroField({ initial }: { initial: string }) {
  const hydrated = useHydrated()
  const textarea = useRef<HTMLTextAreaElement>(null)
  const t = useT('adminRecruitment.form')
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label id="intro-label" htmlFor={hydrated ? undefined : 'intro'} className="text-sm text-zinc-300">
        {hydrated ? t('intro') : t('introHtml')}
      </label>
      <textarea
        ref={textarea}
        id="intro"
        name="intro"
        defaultValue={initial}
        hidden={hydrated}
        rows={6}
        className={`${textareaClass} font-mono`}
      />
      {hydrated ? (
        <Suspense
          fallback={<div className="h-48 animate-pulse rounded-md border border-zinc-800 bg-zinc-950" aria-hidden />}
        >
          <RichTextEditor
            initialHTML={initial}
            onChange={(html) => {
              if (textarea.current) textarea.current.value = html
            }}
            labelledBy="intro-label"
          />
        </Suspense>
      ) : (
        <p className="text-xs text-zinc-500">{t('htmlHelp', { tags: HTML_EXAMPLES })}</p>
      )}
    </div>
  )
}

function QuestionRow({ question: q, index }: { question: DraftQuestion | null; index: number }) {
  const t = useT('adminRecruitment.form')
  const name = (field: string) => `q.${index}.${field}`
  const id = (field: string) => `q-${index}-${field}`
  return (
    <li
      className="grid gap-3 rounded-lg border border-zinc-800 bg-zinc-950/40 p-3 sm:grid-cols-[5rem_1fr_10rem]"
      data-testid={q ? 'question-row' : 'new-question-row'}
      data-question
    >
      <input type="hidden" name={name('id')} value={q?.id ?? ''} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id('order')} className="text-sm text-zinc-300">
          {t('order')}
        </label>
        <input
          id={id('order')}
          name={name('order')}
          type="number"
          min={1}
          defaultValue={index + 1}
          className={inputClass}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={id('label')} className="text-sm text-zinc-300">
          {q ? t('question', { number: index + 1 }) : t('newQuestion')}
        </label>
        <input
          id={id('label')}
          name={name('label')}
          defaultValue={q?.label ?? ''}
          maxLength={RECRUITMENT_LIMITS.label}
          className={inputClass}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id('kind')} className="text-sm text-zinc-300">
          {t('kind')}
        </label>
        <select id={id('kind')} name={name('kind')} defaultValue={q?.kind ?? 'text'} className={selectClass}>
          {QUESTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      {/* Shown only while the kind is Choice, by CSS (app/app.css), so it follows the select without scripts too. */}
      <div className="min-w-0 flex-col gap-1.5 sm:col-span-2 sm:col-start-2" data-choice-options>
        <label htmlFor={id('options')} className="text-sm text-zinc-300">
          {t('options')}
        </label>
        <textarea
          id={id('options')}
          name={name('options')}
          defaultValue={q?.options ?? ''}
          rows={2}
          className={textareaClass}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4 text-sm text-zinc-200 sm:col-span-2 sm:col-start-2">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name={name('required')}
            defaultChecked={q?.required ?? false}
            className="size-4 accent-brand-500"
          />
          {t('required')}
        </label>
        {q ? (
          <label className="flex items-center gap-2">
            <input type="checkbox" name={name('remove')} className="size-4 accent-red-500" />
            {t('remove')}
          </label>
        ) : null}
      </div>
    </li>
  )
}

function CooldownForm({ days }: { days: number }) {
  const { Form, action, hidden, busy } = useFormPost('recruitment-cooldown')
  const t = useT('adminRecruitment.cooldown')
  return (
    <Section title={t('title')} description={t('description')}>
      <Form method="post" action={action} className="flex flex-wrap items-end gap-3" aria-label={t('label')}>
        {hidden}
        <input type="hidden" name="intent" value={RECRUITMENT_INTENTS.saveCooldown} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="recruitment_cooldown_days" className="text-sm text-zinc-300">
            {t('days')}
          </label>
          <input
            id="recruitment_cooldown_days"
            name="recruitment_cooldown_days"
            type="number"
            min={0}
            max={365}
            defaultValue={days}
            className={`${inputClass} w-32`}
          />
        </div>
        <button type="submit" className={secondaryButton} disabled={busy} aria-busy={busy || undefined}>
          {t('save')}
        </button>
      </Form>
    </Section>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  const texts = loaderData?.messages['adminRecruitment'] as { formPageTitle?: string } | undefined
  return [{ title: texts?.formPageTitle ?? 'Application Form · Recruitment · Task Force HQ' }]
}
