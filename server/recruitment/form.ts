import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import {
  RECRUITMENT_MESSAGES,
  type Question,
  type RecruitmentForm,
  type RecruitmentFormInput,
} from '#contracts/recruitment.ts'
import { DEFAULT_RECRUITMENT_COOLDOWN_DAYS, isCooldownDays } from '#contracts/settings.ts'
import type { DbOrTx } from '#db/client.ts'
import { recruitmentForms } from '#db/schema/recruitment.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { sanitizeRichText } from '../rich-text.ts'
import { getSetting } from '../unit/settings.ts'
import { runTransaction } from '../transaction.ts'

// The unit's application form (docs/rules/recruitment.md): one row, read by the /join page and GET
// /api/recruitment/form, replaced whole by an admin (its introduction sanitised, new questions given ids); and the
// cooldown a rejected applicant waits before applying again.

const FORM_ID = 1

/** The form as anyone reads it (closed with no questions until an admin saves one). */
export async function readForm(db: DbOrTx): Promise<RecruitmentForm & { intro: string }> {
  const [row] = await db.select().from(recruitmentForms).where(eq(recruitmentForms.id, FORM_ID)).limit(1)
  return {
    open: row?.open ?? false,
    closed_message: row?.closed_message ?? '',
    intro_html: row?.intro ?? '',
    intro: row?.intro ?? '',
    questions: row?.questions ?? [],
  }
}

/** The public shape of GET /api/recruitment/form. */
export async function publicForm(db: DbOrTx): Promise<RecruitmentForm> {
  const { intro: _intro, ...form } = await readForm(db)
  return form
}

const newQuestionId = () => `q-${randomBytes(4).toString('hex')}`

/** PUT /api/recruitment/form: the whole form; new questions get ids; the introduction is sanitised. */
export async function saveForm(
  services: AppServices,
  admin: User,
  input: RecruitmentFormInput,
): Promise<RecruitmentForm> {
  const intro = input.intro.trim()
    ? await sanitizeRichText(input.intro, {
        tooLong: RECRUITMENT_MESSAGES.introTooLong,
        tooDeep: RECRUITMENT_MESSAGES.introTooDeep,
      })
    : ''
  const questions: Question[] = input.questions.map((q) => ({
    id: q.id ?? newQuestionId(),
    label: q.label,
    kind: q.kind,
    options: q.kind === 'choice' ? q.options : [],
    required: q.required,
  }))
  return runTransaction(
    services,
    async (tx) => {
      const values = {
        open: input.open,
        closed_message: input.closed_message,
        intro,
        questions,
        updated_by_user_id: admin.id,
      }
      await tx
        .insert(recruitmentForms)
        .values({ id: FORM_ID, ...values })
        .onConflictDoUpdate({ target: recruitmentForms.id, set: values })
      await recordAudit(
        tx,
        admin,
        'Recruitment form saved',
        `${input.open ? 'open' : 'closed'}, ${questions.length} question${questions.length === 1 ? '' : 's'}`,
      )
      return publicForm(tx)
    },
    { name: 'save recruitment form', changes: [] },
  )
}

/** Days a rejected applicant waits (setting recruitment_cooldown_days; unset: 30). */
export async function cooldownDays(db: DbOrTx): Promise<number> {
  const value = await getSetting(db, 'recruitment_cooldown_days')
  return isCooldownDays(value) ? Number(value) : DEFAULT_RECRUITMENT_COOLDOWN_DAYS
}
