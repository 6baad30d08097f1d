// The demo unit's test history beyond approvals and open attempts (db/seed/demo-unit.ts inserts the two tests, their
// questions, the medic checklist, Novak's approval, Fischer's and Sato's attempts): finished in-game evaluations, so
// the Evaluations dialog and View evaluation have something to show.
//  - Haddad passed the Combat Medic written test and the in-game evaluation (that is how he holds Combat Medic).
//  - Adeyemi passed the written test but failed the evaluation, so he is still awaiting one, beside Fischer.
import { asc, eq, inArray } from 'drizzle-orm'
import { liveScore, type EvaluationAnswer } from '../../contracts/evaluations.ts'
import type { Tx } from '../client.ts'
import { auditLog } from '../schema/audit.ts'
import { members } from '../schema/roster.ts'
import {
  liveEvaluationSessions,
  testAttemptAnswers,
  testAttempts,
  testEligibility,
  testEvaluationAnswers,
  testEvaluationQuestions,
  testEvaluations,
  testQuestions,
  tests,
} from '../schema/assessments.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const EVALUATOR = 'Cpt. Miller'

interface EvaluationSeed {
  member: string
  daysAgo: number
  /** Written answers: the index of the question answered wrongly, if any. */
  wrongQuestion?: number
  /** Checklist answers by item text; unlisted items pass. */
  checklist: Record<string, EvaluationAnswer>
  notes: string
}

const MEDIC_TEST = 'Combat Medic Certification'
const EVALUATIONS: EvaluationSeed[] = [
  {
    member: 'Haddad',
    daysAgo: 30,
    checklist: {},
    notes: 'Calm under fire, textbook 9-line. Ready to run casualty collection points.',
  },
  {
    member: 'Adeyemi',
    daysAgo: 6,
    wrongQuestion: 3,
    checklist: {
      'Requests MEDEVAC with a complete 9-line': 'fail',
      'Places an unconscious casualty in the recovery position': 'na',
    },
    notes: 'Good casualty care; the MEDEVAC request missed lines 3 and 7. Re-evaluate after the next medic course.',
  },
]

export async function seedTestEvaluations(tx: Tx, now: Date): Promise<void> {
  const [test] = await tx.select().from(tests).where(eq(tests.name, MEDIC_TEST)).limit(1)
  if (!test) throw new Error(`seed: test ${MEDIC_TEST} is missing`)
  const [questions, checklist, people] = await Promise.all([
    tx.select().from(testQuestions).where(eq(testQuestions.test_id, test.id)).orderBy(asc(testQuestions.position)),
    tx
      .select()
      .from(testEvaluationQuestions)
      .where(eq(testEvaluationQuestions.test_id, test.id))
      .orderBy(asc(testEvaluationQuestions.position)),
    tx
      .select({ id: members.id, name: members.ingame_name })
      .from(members)
      .where(
        inArray(
          members.ingame_name,
          EVALUATIONS.map((e) => e.member),
        ),
      ),
  ])
  const memberId = (name: string) => {
    const id = people.find((p) => p.name === name)?.id
    if (id === undefined) throw new Error(`seed: unknown member ${name}`)
    return id
  }

  for (const seed of EVALUATIONS) {
    const member = memberId(seed.member)
    const at = (days: number, hourUtc: number) => {
      const d = new Date(now.getTime() - days * DAY_MS)
      d.setUTCHours(hourUtc, 0, 0, 0)
      return d
    }
    await tx
      .insert(testEligibility)
      .values({ test_id: test.id, member_id: member, created_at: at(seed.daysAgo + 3, 18) })

    const marked = questions.map((q, i) => {
      const selected =
        i === seed.wrongQuestion ? (q.correct_answer_index + 1) % q.options.length : q.correct_answer_index
      return { question_id: q.id, selected_index: selected, is_correct: selected === q.correct_answer_index }
    })
    const correct = marked.filter((m) => m.is_correct).length
    const [attempt] = await tx
      .insert(testAttempts)
      .values({
        test_id: test.id,
        member_id: member,
        score: Math.round((correct / questions.length) * 10000) / 100,
        passed: correct >= test.passing_questions,
        created_at: at(seed.daysAgo + 1, 20),
      })
      .returning({ id: testAttempts.id })
    await tx.insert(testAttemptAnswers).values(marked.map((m) => ({ ...m, attempt_id: attempt!.id })))

    const answers: Record<string, EvaluationAnswer> = Object.fromEntries(
      checklist.map((q) => [String(q.id), seed.checklist[q.text] ?? 'pass']),
    )
    const { score, passing } = liveScore(
      checklist.map((q) => ({ id: q.id, pos_score: Number(q.pos_score), neg_score: Number(q.neg_score) })),
      answers,
      test.eval_passing_score,
    )
    const [evaluation] = await tx
      .insert(testEvaluations)
      .values({
        test_id: test.id,
        evaluatee_member_id: member,
        evaluator_name: EVALUATOR,
        score,
        passed: passing,
        notes: seed.notes,
        created_at: at(seed.daysAgo, 21),
      })
      .returning({ id: testEvaluations.id })
    await tx
      .insert(testEvaluationAnswers)
      .values(
        checklist.map((q) => ({ evaluation_id: evaluation!.id, question_id: q.id, answer: answers[String(q.id)]! })),
      )
    await tx.insert(liveEvaluationSessions).values({
      test_id: test.id,
      evaluatee_member_id: member,
      evaluator_name: EVALUATOR,
      status: 'completed',
      evaluation_id: evaluation!.id,
      created_at: at(seed.daysAgo, 20),
    })
    await tx.insert(auditLog).values({
      actor: EVALUATOR,
      action: 'Evaluation submitted',
      details: `${seed.member}: ${MEDIC_TEST}, ${score.toFixed(1)}% (${passing ? 'passed' : 'failed'})`,
      timestamp: at(seed.daysAgo, 21),
    })
  }
}
