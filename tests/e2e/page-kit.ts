import type { Locator, Page } from '@playwright/test'
import { expectNoAxeViolations } from './a11y.ts'

// What browser tests do on many pages: read a toast, accept a confirm, post a form without JavaScript, check axe at
// both widths, find a control the top bar cuts off. One copy here; a spec file imports what it needs.

/** The toast that says exactly `message`. */
export function toast(page: Page, message: string) {
  return page.getByTestId('toast-stack').getByText(message, { exact: true })
}

/**
 * Answers the app's next confirm dialog (app/ui/confirm.tsx) when it shows, as a person would: waits for it, reads its
 * question and presses Confirm (`yes`) or Cancel. Call it before the click that asks; it resolves to the question. A
 * question that is not `expected` (equal to a string, or matching a pattern) is cancelled instead, so the action the
 * test waits for never happens, and the returned promise rejects saying why.
 */
export function answerConfirm(page: Page, yes: boolean, expected: string | RegExp = /./): Promise<string> {
  const answered = (async () => {
    const dialog = page.getByTestId('confirm-dialog')
    const message = dialog.locator('p').first()
    await message.waitFor({ state: 'visible', timeout: 0 })
    const question = await message.innerText()
    const wanted = typeof expected === 'string' ? question === expected : expected.test(question)
    await dialog.getByRole('button', { name: yes && wanted ? 'Confirm' : 'Cancel', exact: true }).click()
    if (!wanted) throw new Error(`The confirm asked ${JSON.stringify(question)}, not ${String(expected)}`)
    return question
  })()
  // A test that ends before the question comes (or does not await the answer) leaves no unhandled rejection.
  answered.catch(() => {})
  return answered
}

/** Accepts the app's next confirm (answerConfirm with yes). */
export function acceptConfirm(page: Page, expected: string | RegExp = /./): Promise<string> {
  return answerConfirm(page, true, expected)
}

/** Submits with a button and waits for the document answer (no JavaScript); returns its status. */
export async function submit(page: Page, button: Locator) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document'),
    button.click(),
  ])
  return response.status()
}

/** Checks axe at 1440 and 390 px, leaving the page at 1440 px (with the page's scripts on or off alike). */
export async function axeAtBothWidths(page: Page, where: string) {
  const check = (at: string) => expectNoAxeViolations(page, at)
  await check(`${where} @1440px`)
  await page.setViewportSize({ width: 390, height: 844 })
  await check(`${where} @390px`)
  await page.setViewportSize({ width: 1440, height: 900 })
}

/**
 * Each link and button of the top bar that is cut off: outside the window, outside a box that clips it, or overlapping
 * another of the bar's controls (one lies under the other, and a tap may hit either).
 */
export async function clippedInTopBar(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = []
    const bar = document.querySelector('header')!
    // A link the bar leaves out at this width (display: none) is not cut off.
    const shown = [...bar.querySelectorAll<HTMLElement>('a, button')].filter(
      (control) => control.getClientRects().length,
    )
    const nameOf = (control: HTMLElement) => (control.getAttribute('aria-label') ?? control.textContent ?? '').trim()
    for (const [index, control] of shown.entries()) {
      const box = control.getBoundingClientRect()
      const name = nameOf(control)
      if (box.width === 0 || box.left < 0 || box.right > window.innerWidth) clipped.push(`${name} (window)`)
      for (let box2 = control.parentElement; box2 && box2 !== document.body; box2 = box2.parentElement) {
        if (getComputedStyle(box2).overflowX === 'visible') continue
        const outer = box2.getBoundingClientRect()
        if (box.left < outer.left - 0.5 || box.right > outer.right + 0.5) clipped.push(`${name} (in ${box2.tagName})`)
      }
      for (const other of shown.slice(index + 1)) {
        if (other.contains(control) || control.contains(other)) continue
        const next = other.getBoundingClientRect()
        const across = Math.min(box.right, next.right) - Math.max(box.left, next.left)
        const down = Math.min(box.bottom, next.bottom) - Math.max(box.top, next.top)
        if (across > 0.5 && down > 0.5) clipped.push(`${name} (overlaps ${nameOf(other)} by ${across.toFixed(1)} px)`)
      }
    }
    return clipped
  })
}
