import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

// Helpers of the phone ORBAT tests, with JavaScript (orbat-phone.spec.ts) and without it (orbat-phone.nojs.spec.ts).
// The list mirrors the diagram's landmarks: a squad is an article named by its heading, a team a group (not a landmark:
// every squad has its "Fireteam 1"), a slot a row (data-testid="slot") whose first paragraph is its role.

export const PHONE = { width: 390, height: 844 } as const

/** The squads in the diagram's reading order (columns left to right, each top to bottom). */
export const SQUADS_IN_ORDER = ['Command', 'Alpha', 'Bravo', 'Raven (Air)']

export function orbatList(page: Page) {
  return page.getByTestId('orbat-list')
}

export function listSlot(page: Page, squad: string, team: string, role: string) {
  return orbatList(page)
    .getByRole('article', { name: squad, exact: true })
    .getByRole('group', { name: team, exact: true })
    .getByTestId('slot')
    .filter({ has: page.locator('p', { hasText: new RegExp(`^${role.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) })
}

export function yourSlot(page: Page) {
  return page.getByRole('region', { name: 'Your slot' })
}

export function toast(page: Page, message: string) {
  return page.getByRole('status').filter({ hasText: message })
}

/** The names of the buttons in the page's main area (and an open sheet) that can be pressed. */
export async function enabledButtons(page: Page): Promise<string[]> {
  return page
    .locator('main button, dialog[open] button')
    .evaluateAll((buttons) =>
      (buttons as HTMLButtonElement[])
        .filter((button) => !button.disabled && button.getClientRects().length > 0)
        .map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? ''),
    )
}

/** A 44 px touch target at least (docs/rules/ui.md, phones). */
export async function expectTapTarget(control: Locator) {
  const box = await control.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.height, 'height').toBeGreaterThanOrEqual(44)
  expect(box!.width, 'width').toBeGreaterThanOrEqual(44)
}

/** The diagram's zoom (React Flow's viewport transform). */
export async function diagramZoom(page: Page): Promise<number> {
  return page
    .locator('.react-flow__viewport')
    .evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).a)
}
