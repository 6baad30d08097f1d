import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { AdminTest, AttemptsResponse } from '../../contracts/assessments.ts'
import { expect, loginAs, stubDiscordCdn, test as base } from './fixtures.ts'

// Arrangements of the public tests pages' browser tests (tests.spec.ts, tests.nojs.spec.ts). Each test makes its own
// qualification test (and qualification) through the admin /api, so attempts, approvals and granted qualifications
// never touch the seeded tests another spec may use, whatever the order; everything made is deleted afterwards.

/** The seeded tests (db/seed/demo-unit.ts); only read, never taken, by these specs. */
export const SEEDED = {
  medic: {
    name: 'Combat Medic Certification',
    qualification: 'Combat Medic',
    requiredScore: '10',
    toPass: 'Answer 4 of 5 questions correctly',
  },
  marksman: {
    name: 'Marksman Written Exam',
    qualification: 'Marksman',
    requiredScore: '5',
    toPass: 'Answer 3 of 4 questions correctly',
  },
} as const

/** The roster names of the demo users (db/seed/demo-unit.ts). */
export type MemberName = 'Novak' | 'Reyes' | 'Kowalski' | 'Lee' | 'Miller'

export interface TestSpec {
  /** Written questions (each with four options); the first carries an image and rich text. */
  questions?: number
  /** Correct answers needed to pass. */
  passing?: number
  /** Event score needed before approval (0: everyone but banned members meets it). */
  requiredScore?: number
  /** Members to approve for the test. */
  approve?: MemberName[]
  /** An in-game evaluation with a one-item checklist (with `questions: 0`: a test that is only the evaluation). */
  checklistOnly?: boolean
}

export interface MadeTest extends AdminTest {
  /** The option index that is right for each question, in order. */
  correct: number[]
}

/**
 * The first question's text: formatting that must survive, and vectors the server's sanitiser removes on write, so
 * nothing runs when the page renders it (any script would set window.__xss or log an error).
 */
export const RICH_QUESTION = [
  '<p>Which call is <strong>right</strong> on <em>contact</em>?</p>',
  '<img src="javascript:window.__xss=1" onerror="window.__xss=2">',
  '<script>window.__xss=3</script>',
  '<p><a href="javascript:window.__xss=4">Not a link</a> <a href="https://example.com/sop" onclick="window.__xss=5">SOP</a></p>',
].join('')

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** The admin side: an admin's browser context whose requests call the /api. */
export class TestsAdmin {
  private readonly tests: number[] = []
  private readonly qualifications: number[] = []

  constructor(
    /** A page logged in as the demo admin (to look at a result as an admin). */
    readonly page: Page,
    private readonly baseURL: string,
  ) {}

  private get request(): APIRequestContext {
    return this.page.request
  }

  private async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(path, {
      method,
      data,
      headers: method === 'GET' ? {} : { Origin: this.baseURL },
    })
    const body = await response.text()
    expect(response.ok(), `${method} ${path}: ${response.status()} ${body}`).toBe(true)
    return JSON.parse(body) as T
  }

  /** A new test granting a new qualification (no Discord role), optionally with approvals. */
  async createTest(spec: TestSpec = {}): Promise<MadeTest> {
    const name = `E2E Test ${unique()}`
    const { qualification } = await this.call<{ qualification: { id: number } }>('POST', '/api/roster/qualifications', {
      name: `${name} Qual`,
    })
    this.qualifications.push(qualification.id)
    const count = spec.questions ?? 2
    const correct = Array.from({ length: count }, (_, i) => (i + 1) % 4)
    const made = await this.call<AdminTest>('POST', '/api/tests', {
      name,
      qualification_id: qualification.id,
      required_score: spec.requiredScore ?? 0,
      passing_questions: spec.passing ?? Math.max(1, count),
      requires_in_game_eval: spec.checklistOnly ?? false,
      evaluation_questions: spec.checklistOnly ? [{ text: 'Clears a room', section: 'CQB' }] : [],
      questions: correct.map((right, i) => ({
        question_text: i === 0 ? RICH_QUESTION : `<p>Question text ${i + 1}</p>`,
        // An absolute address: a question image is http(s) or an image uploaded here, never a path of the app.
        image_url: i === 0 ? `${this.baseURL}/favicon.svg` : null,
        options: [0, 1, 2, 3].map((o) => `Q${i + 1} option ${o + 1}`),
        correct_answer_index: right,
      })),
    })
    this.tests.push(made.id)
    for (const member of spec.approve ?? []) await this.approve(made.id, member)
    return { ...made, correct }
  }

  async approve(testId: number, member: MemberName): Promise<void> {
    const { memberStatusList } = await this.call<AttemptsResponse>('GET', `/api/tests/${testId}/attempts`)
    const row = memberStatusList.find((m) => m.ingame_name === member)
    expect(row, `${member} on the roster`).toBeDefined()
    await this.call('POST', '/api/tests/eligibility/grant', { testId, memberId: row!.member_id })
  }

  /** Deletes what this admin made (the tests first: a qualification a test grants cannot be deleted). */
  async cleanUp(): Promise<void> {
    for (const id of this.tests.splice(0))
      await this.request.fetch(`/api/tests/${id}`, { method: 'DELETE', headers: { Origin: this.baseURL } })
    for (const id of this.qualifications.splice(0))
      await this.request.fetch(`/api/roster/qualifications/${id}`, {
        method: 'DELETE',
        headers: { Origin: this.baseURL },
      })
  }
}

export const test = base.extend<{ testsAdmin: TestsAdmin }>({
  testsAdmin: async ({ browser, baseURL, serverInfo }, use) => {
    // Its own context (JavaScript on, whatever the project says): the admin's session never mixes with the member's.
    const context = await browser.newContext({ serviceWorkers: 'block', baseURL })
    const page = await context.newPage()
    await stubDiscordCdn(page)
    await loginAs(page, 'demo_admin', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
    const admin = new TestsAdmin(page, baseURL!)
    try {
      await use(admin)
    } finally {
      await admin.cleanUp()
      await context.close()
    }
  },
})

export { expect }

/** A test's card on /tests, by the test's name. */
export function cardOf(page: Page, name: string): Locator {
  return page.getByTestId('test-card').filter({ has: page.getByRole('heading', { name, exact: true }) })
}

/** The radio group of question `number` (1-based) on the take page. */
export function questionGroup(page: Page, number: number): Locator {
  return page.getByRole('radiogroup', { name: new RegExp(`^Question ${number}\\b`) })
}

/** Picks option `index` (0-based) of question `number`. */
export async function answer(page: Page, number: number, index: number): Promise<void> {
  await questionGroup(page, number).getByRole('radio').nth(index).check()
}
