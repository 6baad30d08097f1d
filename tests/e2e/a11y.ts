import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import axe from 'axe-core'
import type { Browser, Cookie, Page } from '@playwright/test'
import { expect, loginAs, stubDiscordCdn, test, type DemoUsername, type E2ESql } from './fixtures.ts'

// The accessibility check of every page (aiming at Lighthouse's accessibility score of 100), shared by a11y.spec.ts
// (JavaScript on) and a11y.nojs.spec.ts (off): axe with the WCAG 2.x A/AA rules and its best practices (the rules
// Lighthouse's accessibility audit runs: names, contrast, landmarks, headings, lists, labels, document title and
// language).

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/** The two widths every page is checked at: a phone and a desktop. */
export const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const

/** One line per violation and its elements: rule id, impact, help, then each target selector. */
function describeViolations(violations: axe.Result[]): string[] {
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes
        .map(
          (node) => `    ${node.target.join(' >> ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n'),
  )
}

/** axe's minified build: the same rules as `axe.source` (the unminified build), in less than half the text to compile. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * A fresh isolated world of the page's document (as a browser extension's script has: the same DOM and CSS, its own
 * globals), reached through the DevTools protocol, so it works with the page's scripts on or off. axe is loaded into
 * it once, on the first check, and serves every check of the same document (a resize keeps the document; a load
 * makes a new one, which needs a new world). Without the page's scripts timers never fire, and axe waits on setTimeout
 * between its checks: in this world its setTimeout is a microtask. @axe-core/playwright did the same work at about
 * twice the cost (it opens a second page for every check to merge the frames' results, and the app has no frames):
 * docs/decisions/029-axe-in-the-browser-tests.md.
 */
export async function axeWorld(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  const { frameTree } = await cdp.send('Page.getFrameTree')
  const { executionContextId: contextId } = await cdp.send('Page.createIsolatedWorld', {
    frameId: frameTree.frame.id,
    worldName: 'axe',
  })
  const evaluate = async (expression: string): Promise<unknown> => {
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression,
      contextId,
      awaitPromise: true,
      returnByValue: true,
    })
    if (exceptionDetails)
      throw new Error(`axe failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`)
    return result.value
  }
  let axeLoaded = false
  return {
    /** axe's violations on the document as it is now, one readable line per violation. */
    async violations(): Promise<string[]> {
      if (!axeLoaded) {
        await evaluate(
          'window.setTimeout = (handler, _delay, ...args) => { queueMicrotask(() => handler(...args)); return 0 }',
        )
        await evaluate(AXE_SOURCE)
        axeLoaded = true
      }
      const violations = await evaluate(
        `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} }, resultTypes: ['violations'], preload: { assets: ['media'] } }).then((results) => JSON.stringify(results.violations))`,
      )
      return describeViolations(JSON.parse(violations as string) as axe.Result[])
    },
    /**
     * What axe's verdict on the document depends on, as one hash: the window's size and the document without what no
     * rule reads (scripts and module preloads, nonces, hidden inputs' values, which carry per-session tokens).
     * Stylesheets keep their content-hashed names, so the CSS is part of it; so are axe's version and the rules asked
     * for.
     */
    async renderKey(): Promise<string> {
      const dom = await evaluate(`(() => {
        const root = document.documentElement.cloneNode(true)
        root.querySelectorAll('script, link[rel=modulepreload]').forEach((element) => element.remove())
        root.querySelectorAll('[nonce]').forEach((element) => element.removeAttribute('nonce'))
        root.querySelectorAll('input[type=hidden]').forEach((element) => element.removeAttribute('value'))
        return innerWidth + 'x' + innerHeight + ' ' + root.outerHTML
      })()`)
      return crypto
        .createHash('sha256')
        .update(`${axe.version} ${AXE_TAGS.join(',')} ${dom as string}`)
        .digest('hex')
    },
    close: () => cdp.detach(),
  }
}

/** axe on the page as it is, with its scripts on or off. */
export async function axeViolations(page: Page): Promise<string[]> {
  const world = await axeWorld(page)
  try {
    return await world.violations()
  } finally {
    await world.close()
  }
}

/**
 * axe on a page without JavaScript at each of the two widths: the window is resized to the other width for a second
 * check and back. Without scripts a resize lays the page out exactly as a load at that width would (the layout is CSS
 * alone), so a journey without JavaScript runs once, at a phone's width, and still has each of its pages checked at
 * both. Each violation names the width it was found at.
 */
export async function axeViolationsAtEachWidth(page: Page): Promise<string[]> {
  const start = page.viewportSize()!
  const world = await axeWorld(page)
  const found: string[] = []
  try {
    for (const size of [start, ...WIDTHS.filter((width) => width.width !== start.width)]) {
      await page.setViewportSize(size)
      found.push(...(await world.violations()).map((violation) => `@${size.width}px: ${violation}`))
    }
  } finally {
    await page.setViewportSize(start)
    await world.close()
  }
  return found
}

/** Fails with every violation on the page, readably, under `where` (the page and width). */
export async function expectNoAxeViolations(page: Page, where: string) {
  const found = await axeViolations(page)
  expect(found, `axe violations on ${where}:\n\n${found.join('\n\n')}\n`).toEqual([])
}

/** A page to check: its path (some need the database for an id) and who looks at it. */
export interface CheckedPage {
  name: string
  as: DemoUsername | null
  path: string | ((db: E2ESql) => Promise<string>)
  /** The ORBAT's remembered view (cookie), to check the list on a wide screen too. */
  orbatView?: 'list' | 'diagram'
  /**
   * With JavaScript, the page's first render depends on the window's width (the ORBAT picks its view and fits its
   * diagram to the window as it starts): it is loaded at each width, where every other page is loaded once and resized.
   */
  loadAtEachWidth?: true
}

const medicTest = async (db: E2ESql) =>
  (await db<{ id: number; uuid: string }[]>`select id, uuid from tests where name = 'Combat Medic Certification'`)[0]!

const memberId = async (db: E2ESql) =>
  (await db<{ id: number }[]>`select id from members where ingame_name = 'Reyes'`)[0]!.id

/** The newest operation whose ORBAT was frozen (the demo unit's Red Tide: db/seed/orbat-history.ts). */
async function frozenEvent(db: E2ESql): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    select e.id from events e join event_orbat_snapshots s on s.event_id = e.id order by e.date desc limit 1`
  return row!.id
}

/** The invite code of an allied unit made for these checks (its page and the admin's list need one). */
async function checkedAlly(db: E2ESql): Promise<string> {
  const code = 'a11y-allied-unit-invite-code'
  await db`
    insert into allied_units (name, tag, release_hours_before, invite_code)
    values ('A11y Allies', 'A11Y', 24, ${code}) on conflict do nothing`
  return code
}

export const CHECKED_PAGES: CheckedPage[] = [
  // Public, signed out.
  { name: 'hub', as: null, path: '/' },
  { name: 'orbat', as: null, path: '/orbat', loadAtEachWidth: true },
  { name: 'orbat list', as: null, path: '/orbat', orbatView: 'list', loadAtEachWidth: true },
  { name: 'orbat waitlist panel', as: null, path: '/orbat?sheet=waitlist', orbatView: 'list', loadAtEachWidth: true },
  { name: 'roster', as: null, path: '/roster' },
  { name: 'roster member', as: null, path: async (db) => `/roster/${await memberId(db)}?record=all` },
  { name: 'trainings', as: null, path: '/trainings' },
  { name: 'library', as: null, path: '/library' },
  { name: 'tests', as: null, path: '/tests' },
  { name: 'api docs', as: null, path: '/api/docs' },
  { name: 'admin signed out', as: null, path: '/admin' },
  { name: 'not found', as: null, path: '/no-such-page' },
  { name: 'login failed', as: null, path: '/auth/discord/callback?state=bogus&code=x' },
  { name: 'join', as: null, path: '/join' },
  { name: 'ally join', as: null, path: async (db) => `/allies/join/${await checkedAlly(db)}` },
  { name: 'ally join bad link', as: null, path: '/allies/join/no-such-invite' },
  // A member.
  { name: 'hub (member)', as: 'novak', path: '/' },
  { name: 'orbat (member)', as: 'novak', path: '/orbat', loadAtEachWidth: true },
  { name: 'orbat list (member)', as: 'novak', path: '/orbat', orbatView: 'list', loadAtEachWidth: true },
  { name: 'trainings (member)', as: 'novak', path: '/trainings' },
  { name: 'tests (member)', as: 'novak', path: '/tests' },
  { name: 'take test', as: 'novak', path: async (db) => `/tests/${(await medicTest(db)).uuid}/take` },
  { name: 'account', as: 'novak', path: '/account' },
  { name: 'own service record', as: 'novak', path: '/account/record' },
  { name: 'admin as member', as: 'novak', path: '/admin' },
  { name: 'join (member)', as: 'novak', path: '/join' },
  { name: 'ally join (member)', as: 'novak', path: async (db) => `/allies/join/${await checkedAlly(db)}` },
  // The admin.
  { name: 'admin hub', as: 'demo_admin', path: '/admin' },
  {
    name: 'admin member record',
    as: 'demo_admin',
    path: async (db) => `/admin/roster/members/${await memberId(db)}/record?record=all`,
  },
  { name: 'admin orbat editor', as: 'demo_admin', path: '/admin/orbat', loadAtEachWidth: true },
  { name: 'admin mission file', as: 'demo_admin', path: '/admin/orbat/mission' },
  { name: 'admin discord', as: 'demo_admin', path: '/admin/discord' },
  { name: 'admin discord sync', as: 'demo_admin', path: '/admin/discord/sync' },
  { name: 'admin discord sync confirm', as: 'demo_admin', path: '/admin/discord/sync?confirm=apply-role-sync' },
  { name: 'admin settings general', as: 'demo_admin', path: '/admin/settings/general' },
  { name: 'admin settings roles', as: 'demo_admin', path: '/admin/settings/roles' },
  { name: 'admin settings presets', as: 'demo_admin', path: '/admin/settings/presets' },
  { name: 'admin settings platoons', as: 'demo_admin', path: '/admin/settings/platoons' },
  { name: 'admin tests', as: 'demo_admin', path: '/admin/tests' },
  { name: 'admin test new', as: 'demo_admin', path: '/admin/tests/new' },
  { name: 'admin test edit', as: 'demo_admin', path: async (db) => `/admin/tests/${(await medicTest(db)).id}/edit` },
  {
    name: 'admin test attempts',
    as: 'demo_admin',
    path: async (db) => `/admin/tests/${(await medicTest(db)).id}/attempts`,
  },
  {
    name: 'admin test evaluations',
    as: 'demo_admin',
    path: async (db) => `/admin/tests/${(await medicTest(db)).id}/evaluations`,
  },
  {
    name: 'admin evaluation view',
    as: 'demo_admin',
    path: async (db) =>
      `/admin/evaluations/view/${(await db<{ id: number }[]>`select id from test_evaluations order by id limit 1`)[0]!.id}`,
  },
  {
    name: 'test result',
    as: 'demo_admin',
    path: async (db) =>
      `/tests/result/${(await db<{ uuid: string }[]>`select uuid from test_attempts order by id limit 1`)[0]!.uuid}`,
  },
  { name: 'admin library', as: 'demo_admin', path: '/admin/knowledge' },
  { name: 'admin library add', as: 'demo_admin', path: '/admin/knowledge?dialog=add' },
  { name: 'admin roster members', as: 'demo_admin', path: '/admin/roster/members' },
  { name: 'admin roster add member', as: 'demo_admin', path: '/admin/roster/members?dialog=add-member' },
  { name: 'admin roster graduate', as: 'demo_admin', path: '/admin/roster/members?dialog=graduate' },
  { name: 'admin roster events', as: 'demo_admin', path: '/admin/roster/events' },
  { name: 'admin roster add event', as: 'demo_admin', path: '/admin/roster/events?dialog=add' },
  { name: 'admin orbat history', as: 'demo_admin', path: '/admin/orbat/history' },
  {
    name: 'operation orbat',
    as: 'demo_admin',
    path: async (db) => `/roster/events/${await frozenEvent(db)}/orbat`,
    loadAtEachWidth: true,
  },
  {
    name: 'operation orbat list (member)',
    as: 'novak',
    path: async (db) => `/roster/events/${await frozenEvent(db)}/orbat?view=list`,
    loadAtEachWidth: true,
  },
  {
    name: 'attendance filled from the orbat',
    as: 'demo_admin',
    path: async (db) => `/admin/roster/events?dialog=attendance&event=${await frozenEvent(db)}&fill=orbat`,
  },
  { name: 'admin roster trainings', as: 'demo_admin', path: '/admin/roster/trainings' },
  { name: 'admin roster add training', as: 'demo_admin', path: '/admin/roster/trainings?dialog=add' },
  { name: 'admin roster qualifications', as: 'demo_admin', path: '/admin/roster/qualifications' },
  { name: 'admin roster awards', as: 'demo_admin', path: '/admin/roster/awards' },
  { name: 'admin roster edit award', as: 'demo_admin', path: '/admin/roster/awards?edit=1' },
  { name: 'admin roster promotions', as: 'demo_admin', path: '/admin/roster/promotions' },
  { name: 'admin roster leave', as: 'demo_admin', path: '/admin/roster/leave' },
  {
    name: 'admin roster leave deny',
    as: 'demo_admin',
    // A pending request: the demo unit's (db/seed/leave.ts), or one made here when another spec has decided it.
    path: async (db) => {
      const [pending] = await db<{ id: number }[]>`select id from leaves where status = 'pending' order by id limit 1`
      const [made] = pending
        ? [pending]
        : await db<{ id: number }[]>`
            insert into leaves (member_id, start_date, end_date, reason)
            select id, current_date + 60, current_date + 65, 'Axe check.' from members where not is_banned
            order by id limit 1 returning id`
      return `/admin/roster/leave?dialog=deny&leave=${made!.id}`
    },
  },
  { name: 'account (admin)', as: 'demo_admin', path: '/account' },
  { name: 'recruitment pipeline', as: 'demo_admin', path: '/admin/recruitment' },
  {
    name: 'recruitment application',
    as: 'demo_admin',
    path: async (db) =>
      `/admin/recruitment?application=${(await db<{ id: number }[]>`select id from applications where status = 'interview' order by id limit 1`)[0]!.id}`,
  },
  { name: 'recruitment form', as: 'demo_admin', path: '/admin/recruitment/form' },
  { name: 'admin activity', as: 'demo_admin', path: '/admin/activity' },
  { name: 'admin webhooks', as: 'demo_admin', path: '/admin/webhooks' },
  { name: 'admin webhooks add', as: 'demo_admin', path: '/admin/webhooks?dialog=add' },
  {
    name: 'admin allied units',
    as: 'demo_admin',
    path: async (db) => {
      await checkedAlly(db)
      return '/admin/allied-units'
    },
  },
  { name: 'admin allied units add', as: 'demo_admin', path: '/admin/allied-units?dialog=add' },
]

// One login per demo user and worker: its session cookie is copied into each test's context.
const sessions = new Map<DemoUsername, Cookie[]>()

/** Signs `page`'s context in as `as` (a session made once through the real login, then reused). */
export async function signIn(
  page: Page,
  browser: Browser,
  as: DemoUsername,
  urls: { baseURL: string; standInUrl: string },
) {
  let cookies = sessions.get(as)
  if (!cookies) {
    const context = await browser.newContext({ serviceWorkers: 'block', baseURL: urls.baseURL })
    try {
      await stubDiscordCdn(context)
      await loginAs(await context.newPage(), as, urls)
      cookies = await context.cookies(urls.baseURL)
    } finally {
      await context.close()
    }
    sessions.set(as, cookies)
  }
  await page.context().addCookies(cookies)
}

/**
 * Opens the page at the first of `sizes`, then checks it at each: the window resized between them, as the layout at a
 * width is CSS alone once the page is loaded (without scripts; with them, for every page whose code does not read the
 * width as it starts). `loadAtEachWidth` opens the page again at each width instead. Returns the violations found,
 * labelled with `label`, the page and the width.
 *
 * `clean` holds the renders axe found clean (by renderKey): each clean render checked here is added to it, and a
 * render already in it is not checked again. The check with JavaScript runs first and the one without reuses its
 * verdicts: a page the server renders exactly as the hydrated page shows it gets the same verdict, while one whose
 * scripts change anything (times in the viewer's zone, enhanced forms, the ORBAT's views) is checked on its own.
 */
export async function checkPage(
  page: Page,
  path: string,
  baseURL: string,
  checked: CheckedPage,
  sizes: readonly (typeof WIDTHS)[number][],
  {
    label,
    settle,
    loadAtEachWidth = false,
    clean,
  }: {
    label: string
    settle: (page: Page) => Promise<void>
    loadAtEachWidth?: boolean
    clean: Set<string>
  },
): Promise<string[]> {
  // The ORBAT's remembered view: this page's, or none (a tab may have shown another page before).
  if (checked.orbatView)
    await page.context().addCookies([{ name: 'orbat_view', value: checked.orbatView, url: baseURL }])
  else await page.context().clearCookies({ name: 'orbat_view' })
  const found: string[] = []
  // One isolated world (and one copy of axe) per document: a resize keeps it, a load replaces it.
  let world: Awaited<ReturnType<typeof axeWorld>> | undefined
  try {
    for (const [index, size] of sizes.entries()) {
      await page.setViewportSize(size)
      if (index === 0 || loadAtEachWidth) {
        await world?.close()
        world = undefined
        await page.goto(path)
      }
      await settle(page)
      world ??= await axeWorld(page)
      const key = await world.renderKey()
      if (clean.has(key)) {
        test
          .info()
          .annotations.push({ type: 'axe', description: `${label} @${size.width}px: a render already found clean` })
        continue
      }
      const violations = await world.violations()
      found.push(...violations.map((violation) => `[${checked.name} ${label} ${path} @${size.width}px] ${violation}`))
      if (violations.length === 0) clean.add(key)
    }
  } finally {
    await world?.close()
  }
  return found
}

/** A checked page's path (some need the database for an id). */
export async function pathOf(checked: CheckedPage, db: E2ESql): Promise<string> {
  return typeof checked.path === 'string' ? checked.path : await checked.path(db)
}

/**
 * The time a page's check may take: axe's time grows with the page's elements (the API reference has some 9,500, and
 * takes ten seconds or more on a busy two-core machine); the rest take a few.
 */
export const AXE_TEST_TIMEOUT = 120_000
