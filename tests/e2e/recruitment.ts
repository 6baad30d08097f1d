import type { Browser, Page } from '@playwright/test'
import { DEMO_ROLES } from '../../db/seed/demo-guild.ts'
import { signIn, type WIDTHS } from './a11y.ts'
import { expect, topBar, type E2ESql } from './fixtures.ts'
import { toast } from './page-kit.ts'

// The recruitment journey (docs/rules/recruitment.md), shared by recruitment.spec.ts (JavaScript on) and
// recruitment.nojs.spec.ts (off): an admin adds a question to the unit's form; a new Discord user applies on /join;
// the recruiters comment and move the application through Interview to Accepted; the member shows on the roster and
// the Discord stand-in shows their BMT role; a second applicant is rejected and reads the reason on /account. Each run
// brings its own Discord users (made on the stand-in) and puts the form back as it found it.

export interface Journey {
  js: boolean
  violations: (page: Page) => Promise<string[]>
  settle: (page: Page) => Promise<void>
}

type Urls = { baseURL: string; standInUrl: string }

/** A save that may wait for the sanitiser's thread to start (server/rich-text.ts). */
const SLOW_SAVE_MS = 20_000

// Session-level advisory lock: the runs of both projects write the one form, one at a time.
const FORM_MUTEX = [7_202_690, 28] as const

/** Runs `work` holding the form's lock, and puts the form back afterwards. */
export async function withFormLock(db: E2ESql, work: () => Promise<void>) {
  const held = await db.reserve()
  try {
    await held`select pg_advisory_lock(${FORM_MUTEX[0]}, ${FORM_MUTEX[1]})`
    const [before] = await held<Array<{ open: boolean; questions: unknown; intro: string }>>`
      select open, questions, intro from recruitment_forms where id = 1`
    try {
      await work()
    } finally {
      if (before)
        await held`update recruitment_forms set open = ${before.open}, questions = ${held.json(before.questions as never)},
          intro = ${before.intro} where id = 1`
    }
  } finally {
    await held`select pg_advisory_unlock(${FORM_MUTEX[0]}, ${FORM_MUTEX[1]})`.catch(() => {})
    held.release()
  }
}

/** A Discord user of this run on the stand-in: in the guild, no roles, not on the roster. */
async function newDiscordUser(standInUrl: string, id: string, username: string, name: string) {
  const made = await fetch(`${standInUrl}/__control/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id, username, global_name: name, roles: [], description: 'E2E applicant' }),
  })
  expect(made.status).toBe(201)
}

/** The real login for a stand-in user that is not one of the demo users. */
async function loginNew(page: Page, username: string, name: string, { baseURL, standInUrl }: Urls) {
  await page.goto('/')
  await topBar(page).getByRole('link', { name: 'Login', exact: true }).click()
  await page.waitForURL((url) => url.origin === new URL(standInUrl).origin && url.pathname === '/oauth2/authorize')
  await page.getByRole('button', { name: new RegExp(`@${username}\\b`) }).click()
  await page.waitForURL((url) => url.origin === new URL(baseURL).origin && !url.pathname.startsWith('/auth/'))
  await expect(topBar(page).getByTestId('user-display-name')).toHaveText(name)
}

/**
 * Removes what a run made: its applications and members, and its Discord users' roles and guild membership on the
 * stand-in (so the role sync of other tests finds nobody off the roster holding a managed role).
 */
export async function cleanUpRun(db: E2ESql, standInUrl: string, js: boolean, width: number) {
  const discordIds = Object.values(runIds(js, width))
  await db`delete from applications where discord_id in ${db(discordIds)}`
  await db`delete from members where discord_id in ${db(discordIds)}`
  for (const id of discordIds) {
    const roles = await fetch(`${standInUrl}/__control/users/${id}/roles`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ roles: [] }),
    })
    if (roles.ok) await fetch(`${standInUrl}/__control/users/${id}/member`, { method: 'DELETE' })
  }
}

/** This run's two applicants' Discord ids: unique per project and width. */
export function runIds(js: boolean, width: number) {
  const base = `11${js ? 1 : 2}${String(width).padStart(4, '0')}`
  return { accepted: `${base}00000000001`, rejected: `${base}00000000002` }
}

async function expectClean(page: Page, journey: Journey, where: string) {
  await journey.settle(page)
  const found = await journey.violations(page)
  expect(found, `axe violations on ${where}:\n\n${found.join('\n\n')}\n`).toEqual([])
}

/** Opens an application on the pipeline by the applicant's name. */
async function openApplication(admin: Page, name: string) {
  await admin.goto('/admin/recruitment')
  await admin.getByTestId('application-card').getByRole('link', { name, exact: true }).click()
  const detail = admin.getByTestId('application-detail')
  await expect(detail).toBeVisible()
  return detail
}

async function moveTo(admin: Page, name: string, status: string, message: string, reason?: string) {
  const detail = await openApplication(admin, name)
  await detail.getByLabel('New status').selectOption({ label: status })
  if (reason) await detail.getByLabel(/^Reason/).fill(reason)
  await detail.getByRole('button', { name: 'Move application' }).click()
  await expect(toast(admin, message)).toBeVisible()
}

export async function recruitmentJourney(
  page: Page,
  browser: Browser,
  urls: Urls,
  journey: Journey,
  size: (typeof WIDTHS)[number],
) {
  const tag = `${journey.js ? 'js' : 'nojs'} ${size.width}`
  const ids = runIds(journey.js, size.width)
  const first = {
    id: ids.accepted,
    username: `e2e_recruit_${journey.js ? 'js' : 'nojs'}_${size.width}`,
    name: `Recruit ${tag}`,
  }
  const second = {
    id: ids.rejected,
    username: `e2e_reject_${journey.js ? 'js' : 'nojs'}_${size.width}`,
    name: `Reject ${tag}`,
  }
  await newDiscordUser(urls.standInUrl, first.id, first.username, first.name)
  await newDiscordUser(urls.standInUrl, second.id, second.username, second.name)
  const question = `Which game modes do you enjoy? (${tag})`
  const reason = `We are full for now (${tag}).`

  const admin = await browser.newPage({ javaScriptEnabled: journey.js, viewport: size })
  try {
    await signIn(admin, browser, 'demo_admin', urls)

    // An admin adds a required question to the form.
    await admin.goto('/admin/recruitment/form')
    const blank = admin.getByTestId('new-question-row').first()
    await blank.getByLabel('New question').fill(question)
    await blank.getByLabel('Kind').selectOption({ label: 'Long text' })
    await blank.getByLabel('Required').check()
    await admin.getByRole('button', { name: 'Save form' }).click()
    // The save sanitises the introduction: the sanitiser's first start loads jsdom, seconds on a busy machine.
    await expect(toast(admin, 'Application form saved.')).toBeVisible({ timeout: SLOW_SAVE_MS })
    await expect(
      admin
        .getByTestId('question-row')
        .getByLabel(/^Question \d+$/)
        .last(),
    ).toHaveValue(question)

    // A new Discord user applies.
    await page.setViewportSize(size)
    await loginNew(page, first.username, first.name, urls)
    await topBar(page).getByRole('link', { name: 'Join', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Join the Unit' })).toBeVisible()
    const form = page.getByRole('form', { name: 'Application' })
    await form.getByLabel('How old are you?').fill('25')
    await form.getByLabel('Your time zone').fill('CET')
    await form.getByLabel('Your Arma experience').fill('A year of public servers.')
    await form.getByLabel('Preferred role').selectOption('Rifleman')
    await form.getByRole('group', { name: 'Do you have a working microphone?' }).getByLabel('Yes').check()
    await expectClean(page, journey, `/join with the form @${size.width}px`)
    // The new required question is asked too: without it the form is refused, the answers kept.
    await form.getByRole('button', { name: 'Send application' }).click()
    await expect(form.getByText(`Please answer "${question}".`)).toBeVisible()
    await expect(form.getByLabel('How old are you?')).toHaveValue('25')
    await form.getByLabel(question).fill('Large coop operations.')
    await form.getByRole('button', { name: 'Send application' }).click()
    await expect(toast(page, 'Application sent. The recruiters will be in touch.')).toBeVisible({
      timeout: SLOW_SAVE_MS,
    })
    await expect(page.getByTestId('my-application').getByTestId('application-status')).toHaveText('Submitted')

    // The recruiters comment, then move it through Interview to Accepted.
    const detail = await openApplication(admin, first.name)
    await expect(detail.getByTestId('application-answers')).toContainText('Large coop operations.')
    await expect(detail.getByTestId('account-age')).toBeVisible()
    await detail.getByLabel('Comment', { exact: true }).fill(`Good fit (${tag}).`)
    await detail.getByRole('button', { name: 'Add comment' }).click()
    await expect(toast(admin, 'Comment added.')).toBeVisible()
    await expect(admin.getByTestId('comments')).toContainText(`Good fit (${tag}).`)
    await moveTo(admin, first.name, 'Interview', 'Application moved to Interview.')
    await moveTo(admin, first.name, 'Accepted', `Application accepted: ${first.name} is on the roster as BMT.`)

    // The member is on the roster; the stand-in shows their BMT role.
    await page.goto(`/roster?term=${encodeURIComponent(first.name)}`)
    await expect(
      page.getByTestId('roster-row').filter({ has: page.getByRole('link', { name: first.name, exact: true }) }),
    ).toBeVisible()
    await expect(async () => {
      const state = (await (await fetch(`${urls.standInUrl}/__control/state`)).json()) as {
        users: Array<{ id: string; roles: string[] }>
      }
      expect(state.users.find((u) => u.id === first.id)?.roles).toContain(DEMO_ROLES.rankBMT.id)
    }).toPass({ timeout: 10_000 })
    const standIn = await browser.newPage({ viewport: size })
    try {
      await standIn.goto(urls.standInUrl)
      const row = standIn
        .locator('table')
        .last()
        .locator('tr', { hasText: `@${first.username}` })
      await expect(row).toContainText(DEMO_ROLES.rankBMT.name)
    } finally {
      await standIn.close()
    }

    // A second applicant is rejected and reads the reason (not the comments) on /account.
    // Its own context: axe runs on it.
    const otherContext = await browser.newContext({
      serviceWorkers: 'block',
      javaScriptEnabled: journey.js,
      viewport: size,
    })
    const other = await otherContext.newPage()
    try {
      await loginNew(other, second.username, second.name, urls)
      const applied = await other.request.post('/api/applications', {
        headers: { Origin: urls.baseURL },
        data: {
          answers: {
            age: 30,
            timezone: 'EST',
            experience: 'Some.',
            role: 'Pilot',
            microphone: true,
            ...(await questionIdOf(other, question)),
          },
        },
      })
      expect(applied.status(), await applied.text()).toBe(201)
      await openApplication(admin, second.name)
      await admin.getByTestId('application-detail').getByLabel('Comment', { exact: true }).fill(`Not for us (${tag}).`)
      await admin.getByTestId('application-detail').getByRole('button', { name: 'Add comment' }).click()
      await expect(toast(admin, 'Comment added.')).toBeVisible()
      await moveTo(admin, second.name, 'Rejected', 'Application moved to Rejected.', reason)
      await other.goto('/account')
      const mine = other.getByTestId('my-application')
      await expect(mine.getByTestId('application-status')).toHaveText('Rejected')
      await expect(mine.getByTestId('rejection-reason')).toContainText(reason)
      await expect(other.getByText(`Not for us (${tag}).`)).toHaveCount(0)
      await expectClean(other, journey, `/account with a rejected application @${size.width}px`)
    } finally {
      await otherContext.close()
    }
  } finally {
    await admin.close()
  }
}

/** The id of the question this run added, answered. */
async function questionIdOf(page: Page, label: string): Promise<Record<string, string>> {
  const form = (await (await page.request.get('/api/recruitment/form')).json()) as {
    questions: Array<{ id: string; label: string }>
  }
  const q = form.questions.find((x) => x.label === label)!
  return { [q.id]: 'Everything.' }
}
