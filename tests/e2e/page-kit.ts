import type { Locator, Page } from '@playwright/test'
import { expectNoAxeViolations } from './a11y.ts'
import { expect } from './fixtures.ts'

// What browser tests do on many pages: read a toast, accept a confirm, post a form without JavaScript, check axe at
// both widths. One copy here; a spec file imports what it needs.

/** The toast that says exactly `message`. */
export function toast(page: Page, message: string) {
  return page.getByTestId('toast-stack').getByText(message, { exact: true })
}

/** Accepts the next window.confirm after checking its text (equal to a string, or matching a pattern). */
export function acceptConfirm(page: Page, expected: string | RegExp) {
  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('confirm')
    if (typeof expected === 'string') expect(dialog.message()).toBe(expected)
    else expect(dialog.message()).toMatch(expected)
    void dialog.accept()
  })
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
