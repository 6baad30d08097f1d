import type { Page } from '@playwright/test'
import { E2E_BOT_TOKEN, type E2EServerInfo } from './env.ts'
import { expect, test, type E2ESql } from './fixtures.ts'

// Test data of the Manage Test, Evaluations and live evaluation browser tests (JS on and off): a qualification with
// its own Discord role, a test with an in-game evaluation (two written questions, a checklist in two sections), and
// members in each status, all named after `prefix` so a run never touches the demo unit's tests and cleans up after
// itself. The database is the e2e server's; the Discord role and user are created on the stand-in.

const GUILD_ID = '900000000000000000'

export interface EvaluationData {
  testId: number
  testName: string
  qualificationName: string
  roleId: string
  members: {
    /** Event score meets the test's requirement, not approved yet: 'Eligible to Approve'. */
    eligible: Member
    /** Approved, failed the written test (one wrong answer): Allow Retake. */
    retaker: Member
    /** Approved, passed the written test with every answer right: Approve Qual. */
    passer: Member
    /** Passed the written test, on Discord: the live evaluation's evaluatee. */
    evaluatee: Member & { discordId: string }
  }
  /** Checklist item texts by section. */
  checklist: { safety: [string, string]; comms: [string] }
}

interface Member {
  id: number
  name: string
}

/** A snowflake no other test uses. */
function snowflake(): string {
  return `87${Date.now()}${Math.floor(Math.random() * 1000)
    .toString()
    .padStart(3, '0')}`.slice(0, 19)
}

async function standIn<T>(serverInfo: E2EServerInfo, path: string, body: unknown, auth?: string): Promise<T> {
  const response = await fetch(`${serverInfo.standInUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: JSON.stringify(body),
  })
  expect(response.ok, `stand-in ${path} answered ${response.status}`).toBe(true)
  return (await response.json()) as T
}

async function createEvaluationData(db: E2ESql, serverInfo: E2EServerInfo, prefix: string): Promise<EvaluationData> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`
  const role = await standIn<{ id: string }>(
    serverInfo,
    `/api/v10/guilds/${GUILD_ID}/roles`,
    { name: `${prefix} Role ${suffix}` },
    `Bot ${E2E_BOT_TOKEN}`,
  )
  const discordId = snowflake()
  await standIn(serverInfo, '/__control/users', {
    id: discordId,
    username: `e2e_eval_${suffix}`.slice(0, 32),
    global_name: `${prefix} Evaluatee`,
  })

  const testName = `${prefix} Test ${suffix}`
  const qualificationName = `${prefix} Qual ${suffix}`
  const checklist: EvaluationData['checklist'] = {
    safety: ['Checks the weapon is safe', 'Calls out the arcs of fire'],
    comms: ['Reports contact with a clear 3-line'],
  }
  return db.begin(async (tx) => {
    const [qualification] = await tx<
      Array<{ id: number }>
    >`insert into qualifications (name, discord_role_id) values (${qualificationName}, ${role.id}) returning id`
    const [test] = await tx<Array<{ id: number }>>`
      insert into tests (name, qualification_id, required_score, passing_questions, requires_in_game_eval, eval_passing_score)
      values (${testName}, ${qualification!.id}, 5, 2, true, 60) returning id`
    const testId = test!.id
    const questions = await tx<Array<{ id: number; correct: number }>>`
      insert into test_questions (test_id, position, question_text, options, correct_answer_index) values
        (${testId}, 0, '<p>What colour is a <strong>safe</strong> weapon flag?</p>', ${tx.json(['Red', 'Green', 'Blue', 'Orange'])}, 1),
        (${testId}, 1, '<p>How many lines does a contact report have?</p>', ${tx.json(['One', 'Two', 'Three', 'Nine'])}, 2)
      returning id, correct_answer_index as correct`
    await tx`
      insert into test_evaluation_questions (test_id, position, section, text, pos_score, neg_score) values
        (${testId}, 0, 'Weapon Safety', ${checklist.safety[0]}, 2, 1),
        (${testId}, 1, 'Weapon Safety', ${checklist.safety[1]}, 1, 0),
        (${testId}, 2, 'Communication', ${checklist.comms[0]}, 1, 0)`

    const addMember = async (role: string, score: number, discord: string | null = null): Promise<Member> => {
      const name = `${prefix} ${role} ${suffix}`
      const [row] = await tx<Array<{ id: number }>>`
        insert into members (ingame_name, rank, join_date, attended_events_count, discord_id)
        values (${name}, 'JNCO', current_date, ${score}, ${discord}) returning id`
      return { id: row!.id, name }
    }
    const eligible = await addMember('Eligible', 10)
    const retaker = await addMember('Retaker', 10)
    const passer = await addMember('Passer', 10)
    const evaluatee = { ...(await addMember('Evaluatee', 10, discordId)), discordId }

    const attempt = async (member: Member, wrong: number[]) => {
      await tx`insert into test_eligibility (test_id, member_id) values (${testId}, ${member.id})`
      const marked = questions.map((q, i) => {
        const selected = wrong.includes(i) ? (q.correct + 1) % 4 : q.correct
        return { question_id: q.id, selected_index: selected, is_correct: selected === q.correct }
      })
      const correct = marked.filter((m) => m.is_correct).length
      const [row] = await tx<Array<{ id: number }>>`
        insert into test_attempts (test_id, member_id, score, passed)
        values (${testId}, ${member.id}, ${(correct / questions.length) * 100}, ${correct >= 2}) returning id`
      for (const m of marked) {
        await tx`insert into test_attempt_answers (attempt_id, question_id, selected_index, is_correct) values (${row!.id}, ${m.question_id}, ${m.selected_index}, ${m.is_correct})`
      }
    }
    await attempt(retaker, [0])
    await attempt(passer, [])
    await attempt(evaluatee, [])
    return {
      testId,
      testName,
      qualificationName,
      roleId: role.id,
      members: { eligible, retaker, passer, evaluatee },
      checklist,
    }
  })
}

/** Fresh data before each test of the file (after removing any a failed run left), removed after it. */
export function useEvaluationData(prefix: string): () => EvaluationData {
  let data: EvaluationData | undefined
  test.beforeEach(async ({ db, serverInfo }) => {
    await removeEvaluationData(db, prefix)
    data = await createEvaluationData(db, serverInfo, prefix)
  })
  test.afterEach(async ({ db }) => {
    await removeEvaluationData(db, prefix)
  })
  return () => {
    if (!data) throw new Error('evaluation data is created before each test')
    return data
  }
}

async function removeEvaluationData(db: E2ESql, prefix: string) {
  await db`delete from tests where name like ${`${prefix}%`}`
  await db`delete from members where ingame_name like ${`${prefix}%`}`
  await db`delete from qualifications where name like ${`${prefix}%`}`
}

/** A member's result in the Manage Test dialog. */
export function memberResult(page: Page, name: string) {
  return page.getByRole('listitem', { name, exact: true })
}

/** A checklist item of the live evaluation page. */
export function liveItem(page: Page, text: string) {
  return page.getByRole('listitem', { name: text, exact: true })
}

/** What the stand-in's guild recorded for a user: role changes. */
export async function roleChangesOf(
  serverInfo: E2EServerInfo,
  userId: string,
): Promise<Array<{ roleId: string; action: string }>> {
  const state = (await (await fetch(`${serverInfo.standInUrl}/__control/state`)).json()) as {
    roleChanges: Array<{ userId: string; roleId: string; action: string }>
  }
  return state.roleChanges.filter((c) => c.userId === userId)
}
