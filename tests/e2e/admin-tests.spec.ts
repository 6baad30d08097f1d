import type { Locator } from '@playwright/test'
import { expect, test, type E2ESql } from './fixtures.ts'
import { acceptConfirm, toast } from './page-kit.ts'

// Admin tests page and the test editor with JavaScript (docs/rules/assessments.md): the list, Create Test / Edit Test
// full-screen over it with the Settings, Written Test and Evaluation Checklist tabs, the rich-text editor (formatting,
// a link, an uploaded image), checklist sections, inline validation, edit and delete. Every test removes what it
// created.

test.describe.configure({ timeout: 90_000 })

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** A 2x2 PNG, made here: the upload is checked by its bytes on the server. */
const PNG_2X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
)

async function removeTests(db: E2ESql, names: string[]) {
  await db`delete from tests where name in ${db(names)}`
}

/** The question card's rich-text editor (the contenteditable) and its toolbar. */
function richText(card: Locator) {
  return {
    box: card.getByRole('textbox', { name: 'Question Text' }),
    toolbar: card.getByRole('toolbar', { name: 'Formatting' }),
  }
}

test('an admin writes a test with formatted text, a link, an image and a two-section checklist; edits and deletes it', async ({
  page,
  login,
  db,
}) => {
  const name = unique('E2E Test')
  const renamed = `${name} v2`
  try {
    await login('demo_admin', '/admin/tests')
    await expect(page.getByRole('heading', { level: 1, name: 'Qualification Tests' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Admin Hub' })).toHaveAttribute('href', '/admin')
    await page.getByRole('link', { name: 'Add Test' }).click()
    await expect(page).toHaveURL(/\/admin\/tests\/new$/)
    const editor = page.getByRole('dialog', { name: 'Create Test' })
    await expect(editor.getByRole('tab', { name: 'Settings', selected: true })).toBeVisible()
    // The checklist tab exists only while in-game evaluation is required.
    await expect(editor.getByRole('tab', { name: 'Evaluation Checklist' })).toHaveCount(0)
    await expect(editor.getByLabel('Test Name')).toBeFocused()

    await editor.getByLabel('Test Name').fill(name)
    await expect(editor.getByLabel('Qualification')).not.toHaveValue('')
    await editor.getByLabel('Required Score').fill('3')

    // Written Test: one question with a heading, bold text, a link and an uploaded image.
    await editor.getByRole('tab', { name: 'Written Test' }).click()
    await expect(editor.getByText('No written questions yet.')).toBeVisible()
    await editor.getByRole('button', { name: 'Add Question' }).click()
    const card = editor.getByRole('listitem', { name: 'Question 1' })
    const { box, toolbar } = richText(card)
    await box.click()
    await page.keyboard.type('Stop the bleeding')
    await toolbar.getByRole('combobox', { name: 'Text style' }).selectOption({ label: 'Heading 2' })
    await box.press('End')
    await box.press('Enter')
    await page.keyboard.type('Apply pressure ')
    // NOTE: each toggle is awaited (aria-pressed) before typing on: keys typed while the editor still applies the
    // mark land on the wrong side of it.
    const bold = toolbar.getByRole('button', { name: 'Bold' })
    await bold.click()
    await expect(bold).toHaveAttribute('aria-pressed', 'true')
    // The toolbar hands focus back to the editor; a key pressed before that lands on the button.
    await expect(box).toBeFocused()
    await page.keyboard.type('firmly')
    await expect(box).toContainText('Apply pressure firmly')
    await bold.click()
    await expect(bold).toHaveAttribute('aria-pressed', 'false')
    await expect(box).toBeFocused()
    await page.keyboard.type(' and read the manual')
    for (let i = 0; i < 'manual'.length; i++) await box.press('Shift+ArrowLeft')
    await toolbar.getByRole('button', { name: 'Link' }).click()
    // Other schemes "become blank": the link is refused and the box emptied.
    const linkBox = toolbar.getByRole('dialog', { name: 'Link' })
    await linkBox.getByLabel('Link address').fill('javascript:alert(1)')
    await linkBox.getByRole('button', { name: 'Apply' }).click()
    await expect(linkBox.getByText('Only http, https, mailto and tel links are allowed.')).toBeVisible()
    await expect(linkBox.getByLabel('Link address')).toHaveValue('')
    await linkBox.getByLabel('Link address').fill('example.com/manual')
    await linkBox.getByRole('button', { name: 'Apply' }).click()
    await expect(box.getByRole('link', { name: 'manual' })).toHaveAttribute('href', 'https://example.com/manual')
    await box.press('End')
    const upload = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/tests/images') && r.request().method() === 'POST',
    )
    await card.locator('input[type=file]').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG_2X2 })
    expect((await upload).status()).toBe(201)
    await expect(box.locator('img[src^="/api/tests/images/"]')).toBeVisible()
    await expect(box.getByRole('heading', { level: 2, name: 'Stop the bleeding' })).toBeVisible()

    for (const [i, text] of ['Wait for a medic', 'Apply a tourniquet', 'Call it in', 'Walk away'].entries())
      await card.getByLabel(`Option ${i + 1}`, { exact: true }).fill(text)
    await card.getByLabel('Option 2 is the correct answer to question 1').check()

    // Settings: in-game evaluation on shows its passing score and the checklist tab.
    await editor.getByRole('tab', { name: 'Settings' }).click()
    await expect(editor.getByLabel('Evaluation Passing Score (%)')).toBeHidden()
    await editor.getByLabel('Requires In-Game Evaluation').check()
    await expect(editor.getByLabel('Evaluation Passing Score (%)')).toHaveValue('80')
    await editor.getByLabel('Evaluation Passing Score (%)').fill('75')

    // Checklist: two sections, named New Section 1 and 2, renamed in place.
    await editor.getByRole('tab', { name: 'Evaluation Checklist' }).click()
    await expect(editor.getByText('No checklist items yet.')).toBeVisible()
    await editor.getByRole('button', { name: 'Add Section' }).click()
    const first = editor.getByRole('region', { name: 'Section New Section 1' })
    await first.getByLabel('Section name').fill('Approach')
    await first.getByLabel('Section name').press('Enter')
    const approach = editor.getByRole('region', { name: 'Section Approach' })
    await approach.getByLabel('Item', { exact: true }).fill('Checks for threats')
    await editor.getByRole('button', { name: 'Add Section' }).click()
    const second = editor.getByRole('region', { name: 'Section New Section 1' })
    await second.getByLabel('Section name').fill('Treatment')
    await second.getByLabel('Section name').press('Enter')
    const treatment = editor.getByRole('region', { name: 'Section Treatment' })
    await treatment.getByLabel('Item', { exact: true }).fill('Applies the tourniquet')
    await treatment.getByRole('button', { name: 'Add item to Treatment' }).click()
    await treatment.getByLabel('Item', { exact: true }).nth(1).fill('Reports to the squad leader')
    await treatment.getByLabel('Pass (+points)').nth(1).fill('2')
    // A rename to a name in use is ignored.
    await treatment.getByLabel('Section name').fill('Approach')
    await treatment.getByLabel('Section name').press('Enter')
    await expect(treatment.getByLabel('Section name')).toHaveValue('Treatment')

    await editor.getByRole('button', { name: 'Save Test' }).click()
    await expect(toast(page, 'Test created successfully.')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/tests$/)
    const row = page.getByRole('list', { name: 'Tests' }).getByRole('listitem').filter({ hasText: name })
    await expect(row).toContainText('Required score: 3')
    await expect(row.getByRole('link', { name: `Evaluations of ${name}` })).toBeVisible()

    // What the server stored: the sanitised HTML with every feature, and the flat checklist with section names.
    const [stored] = await db<Array<{ question_text: string; correct_answer_index: number }>>`
      select q.question_text, q.correct_answer_index from test_questions q join tests t on t.id = q.test_id where t.name = ${name}`
    expect(stored!.question_text).toMatch(
      /<h2>Stop the bleeding<\/h2><p>Apply pressure <strong>firmly<\/strong> and read the <a [^>]*href="https:\/\/example\.com\/manual"[^>]*>manual<\/a><img src="\/api\/tests\/images\/[0-9a-f]{64}\.png" alt="pixel\.png"><\/p>/,
    )
    expect(stored!.correct_answer_index).toBe(1)
    const checklist = await db<Array<{ section: string; text: string; pos_score: string }>>`
      select e.section, e.text, e.pos_score from test_evaluation_questions e join tests t on t.id = e.test_id where t.name = ${name} order by e.position`
    expect(checklist.map((c) => [c.section, c.text, Number(c.pos_score)])).toEqual([
      ['Approach', 'Checks for threats', 1],
      ['Treatment', 'Applies the tourniquet', 1],
      ['Treatment', 'Reports to the squad leader', 2],
    ])

    // Edit: everything comes back, the image loads from the app.
    await row.getByRole('link', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Test' })
    await expect(edit.getByLabel('Test Name')).toHaveValue(name)
    await expect(edit.getByLabel('Requires In-Game Evaluation')).toBeChecked()
    await expect(edit.getByLabel('Evaluation Passing Score (%)')).toHaveValue('75')
    await edit.getByRole('tab', { name: 'Written Test' }).click()
    const again = richText(edit.getByRole('listitem', { name: 'Question 1' })).box
    await expect(again.getByRole('heading', { level: 2, name: 'Stop the bleeding' })).toBeVisible()
    await expect(again.locator('strong')).toHaveText('firmly')
    await expect(again.getByRole('link', { name: 'manual' })).toHaveAttribute('href', 'https://example.com/manual')
    await expect
      .poll(() =>
        again.locator('img[alt="pixel.png"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(2)
    await expect(edit.getByLabel('Option 2 is the correct answer to question 1')).toBeChecked()
    await edit.getByRole('tab', { name: 'Evaluation Checklist' }).click()
    await expect(
      edit.getByRole('region', { name: 'Section Approach' }).getByLabel('Item', { exact: true }),
    ).toHaveValue('Checks for threats')
    await expect(
      edit.getByRole('region', { name: 'Section Treatment' }).getByLabel('Item', { exact: true }),
    ).toHaveCount(2)

    // Delete a section (confirmed), rename the test, save.
    void acceptConfirm(page, 'Are you sure you want to delete the section and all its items?')
    await edit.getByRole('button', { name: 'Delete section Approach' }).click()
    await expect(edit.getByRole('region', { name: 'Section Approach' })).toHaveCount(0)
    await edit.getByRole('tab', { name: 'Settings' }).click()
    await edit.getByLabel('Test Name').fill(renamed)
    await edit.getByRole('button', { name: 'Save Test' }).click()
    await expect(toast(page, 'Test updated successfully.')).toBeVisible()
    const renamedRow = page.getByRole('list', { name: 'Tests' }).getByRole('listitem').filter({ hasText: renamed })
    await expect(renamedRow).toBeVisible()
    const sections = await db<Array<{ section: string }>>`
      select e.section from test_evaluation_questions e join tests t on t.id = e.test_id where t.name = ${renamed} order by e.position`
    expect(sections.map((s) => s.section)).toEqual(['Treatment', 'Treatment'])

    // Delete the test (confirmed).
    void acceptConfirm(page, 'Are you sure you want to permanently delete this test and all its questions?')
    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click()
    await expect(toast(page, 'Test deleted successfully.')).toBeVisible()
    await expect(renamedRow).toHaveCount(0)
  } finally {
    await removeTests(db, [name, renamed])
  }
})

test('validation errors show inline on the tab that has them; Cancel leaves without saving', async ({
  page,
  login,
  db,
}) => {
  const name = unique('E2E Invalid')
  try {
    await login('demo_admin', '/admin/tests/new')
    const editor = page.getByRole('dialog', { name: 'Create Test' })
    await editor.getByRole('tab', { name: 'Written Test' }).click()
    await editor.getByRole('button', { name: 'Add Question' }).click()
    // Enter in a field saves (never adds or moves a question).
    await editor.getByLabel('Image URL (optional)').press('Enter')
    // The first tab with an error is shown, its field focused.
    await expect(editor.getByRole('tab', { name: 'Settings', selected: true })).toBeVisible()
    await expect(editor.getByText('Test name is required.')).toBeVisible()
    await expect(editor.getByLabel('Test Name')).toBeFocused()
    await editor.getByLabel('Test Name').fill(name)
    await editor.getByLabel('Required Correct Answers').fill('2')
    await editor.getByRole('button', { name: 'Save Test' }).click()
    await expect(editor.getByRole('tab', { name: 'Written Test', selected: true })).toBeVisible()
    await expect(editor.getByRole('listitem', { name: /^Question/ })).toHaveCount(1)
    const card = editor.getByRole('listitem', { name: 'Question 1' })
    await expect(card.getByText('Every question needs text.')).toBeVisible()
    await expect(card.getByText('Every option needs text.')).toHaveCount(4)
    await expect(richText(card).box).toBeFocused()
    await page.keyboard.type('Which way is north?')
    for (const [i, text] of ['Up', 'Down', 'Left', 'Right'].entries())
      await card.getByLabel(`Option ${i + 1}`, { exact: true }).fill(text)
    await expect(card.getByRole('alert')).toHaveCount(0)
    // The rule across fields speaks once the fields themselves are valid: at most as many as there are questions.
    await editor.getByRole('button', { name: 'Save Test' }).click()
    await expect(editor.getByRole('tab', { name: 'Settings', selected: true })).toBeVisible()
    await expect(
      editor.getByText('Required correct answers cannot be more than the number of questions (1).'),
    ).toBeVisible()
    await expect(editor.getByLabel('Required Correct Answers')).toBeFocused()
    await editor.getByLabel('Required Correct Answers').fill('1')
    await expect(
      editor.getByText('Required correct answers cannot be more than the number of questions (1).'),
    ).toHaveCount(0)

    // The checklist's rules too.
    await editor.getByRole('tab', { name: 'Settings' }).click()
    await editor.getByLabel('Requires In-Game Evaluation').check()
    await editor.getByLabel('Evaluation Passing Score (%)').fill('101')
    await expect(editor.getByText('The evaluation passing score must be a whole number from 0 to 100.')).toBeVisible()
    await editor.getByRole('tab', { name: 'Evaluation Checklist' }).click()
    await editor.getByRole('button', { name: 'Add Section' }).click()
    const section = editor.getByRole('region', { name: 'Section New Section 1' })
    await section.getByLabel('Section name').fill('   ')
    await section.getByLabel('Section name').press('Enter')
    await expect(section.getByLabel('Section name')).toHaveValue('New Section 1')
    await section.getByLabel('Pass (+points)').fill('-1')
    await editor.getByRole('button', { name: 'Save Test' }).click()
    await expect(editor.getByRole('tab', { name: 'Settings', selected: true })).toBeVisible()
    await editor.getByRole('tab', { name: 'Evaluation Checklist' }).click()
    await expect(section.getByText('Every checklist item needs text.')).toBeVisible()
    await expect(section.getByText('Points must be a number of 0 or more.')).toBeVisible()

    await editor.getByRole('link', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(/\/admin\/tests$/)
    await expect(editor).toBeHidden()
    expect(await db`select 1 from tests where name = ${name}`).toHaveLength(0)
  } finally {
    await removeTests(db, [name])
  }
})

test('a test with nothing to take is not saved: no written question, and no in-game checklist in its place', async ({
  page,
  login,
  db,
}) => {
  const name = unique('E2E Empty')
  try {
    await login('demo_admin', '/admin/tests/new')
    const editor = page.getByRole('dialog', { name: 'Create Test' })
    await editor.getByLabel('Test Name').fill(name)
    await editor.getByRole('button', { name: 'Save Test' }).click()
    const nothing =
      'A test needs at least one written question, or an in-game evaluation checklist when it has no written part.'
    await expect(editor.getByRole('tab', { name: 'Written Test', selected: true })).toBeVisible()
    await expect(editor.getByText(nothing)).toBeVisible()
    await expect(editor).toBeVisible()
    expect(await db`select 1 from tests where name = ${name}`).toHaveLength(0)
    // The server refuses it too, whatever the browser let through.
    const refused = await page.request.post('/api/tests', {
      headers: { Origin: new URL(page.url()).origin },
      data: { name, qualification_id: 1, questions: [], evaluation_questions: [] },
    })
    expect(refused.status()).toBe(400)
    expect(await refused.json()).toEqual({ error: nothing, fields: { questions: [nothing] } })
    expect(await db`select 1 from tests where name = ${name}`).toHaveLength(0)
  } finally {
    await removeTests(db, [name])
  }
})

test('the editor refuses an image the server cannot accept and shows why', async ({ page, login }) => {
  await login('demo_admin', '/admin/tests/new')
  const editor = page.getByRole('dialog', { name: 'Create Test' })
  await editor.getByRole('tab', { name: 'Written Test' }).click()
  await editor.getByRole('button', { name: 'Add Question' }).click()
  const card = editor.getByRole('listitem', { name: 'Question 1' })
  await richText(card).box.click()
  await card
    .locator('input[type=file]')
    .setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload="alert(1)"></svg>') })
  await expect(
    card.getByRole('alert').filter({ hasText: 'Only PNG, GIF, JPEG, BMP and ICO images can be uploaded.' }),
  ).toBeVisible()
  await expect(richText(card).box.locator('img')).toHaveCount(0)
})

test('a member without the admin role sees Access Denied on the tests admin and its editor', async ({
  page,
  login,
}) => {
  await login('reyes')
  for (const path of ['/admin/tests', '/admin/tests/new', '/admin/tests/1/edit']) {
    await page.goto(path)
    await expect(page.getByTestId('access-denied')).toBeVisible()
  }
})

test('the tiptap editor is not loaded on public pages', async ({ page }) => {
  const scripts: string[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url())
  })
  for (const path of ['/', '/trainings', '/library']) await page.goto(path)
  expect(scripts.filter((url) => /rich-text-editor/.test(url))).toEqual([])
})
