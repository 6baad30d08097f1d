import { expect, test, type E2ESql } from './fixtures.ts'
import { submit, toast } from './page-kit.ts'

// The test editor without JavaScript (chromium-nojs project; docs/rules/ui.md): a plain form over the tests list with
// every section on the page (the tabs are in-page links), question text as a textarea of HTML that the server
// sanitises, Add Question / Add Section / Remove as posts answered with the form one row longer (200), a refused save
// as 400 with the errors inline, success as a redirect with a flash toast, delete through the page's confirm step.
// Every test removes what it created.

test.describe.configure({ timeout: 90_000 })

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

async function removeTests(db: E2ESql, names: string[]) {
  await db`delete from tests where name in ${db(names)}`
}

test('without JavaScript an admin creates a test (questions as HTML, a checklist), edits it and deletes it', async ({
  page,
  login,
  db,
}) => {
  const name = unique('NoJS Test')
  const renamed = `${name} v2`
  try {
    await login('demo_admin', '/admin/tests')
    await page.getByRole('link', { name: 'Add Test' }).click()
    await expect(page).toHaveURL(/\/admin\/tests\/new$/)
    const editor = page.getByRole('dialog', { name: 'Create Test' })
    // Every section is on the page; the tabs are links to them. The checklist waits for in-game evaluation.
    const nav = editor.getByRole('navigation', { name: 'Test editor sections' })
    await expect(nav.getByRole('link', { name: 'Written Test' })).toHaveAttribute('href', '#test-editor-written')
    await expect(editor.getByRole('region', { name: 'Settings' })).toBeVisible()
    await expect(editor.getByRole('region', { name: 'Written Test' })).toBeVisible()
    await expect(editor.getByRole('region', { name: 'Evaluation Checklist' })).toBeHidden()
    await expect(editor.getByLabel('Evaluation Passing Score (%)')).toBeHidden()

    // A refused save (Enter in a field saves): 400, the errors inline, nothing lost.
    await editor.getByLabel('Required Score').fill('-2')
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      editor.getByLabel('Required Score').press('Enter'),
    ])
    expect(refused.status()).toBe(400)
    await expect(editor.getByText('Test name is required.')).toBeVisible()
    await expect(editor.getByText('The required score must be a number of 0 or more.')).toBeVisible()
    await editor.getByLabel('Test Name').fill(name)
    await editor.getByLabel('Required Score').fill('4')

    // Add Question: the form comes back (200) with one more question and what was typed.
    expect(await submit(page, editor.getByRole('button', { name: 'Add Question' }))).toBe(200)
    await expect(editor.getByLabel('Test Name')).toHaveValue(name)
    const card = editor.getByRole('listitem', { name: 'Question 1' })
    const text = card.getByLabel('Question Text (HTML)')
    await expect(text).toBeVisible()
    // Text that sanitises to nothing is refused by the server.
    await text.fill('<script>alert(1)</script>')
    for (const [i, option] of ['Cover', 'Concealment', 'Speed', 'Noise'].entries())
      await card.getByLabel(`Option ${i + 1}`, { exact: true }).fill(option)
    await card.getByLabel('Option 1 is the correct answer to question 1').check()
    expect(await submit(page, editor.getByRole('button', { name: 'Save Test' }))).toBe(400)
    await expect(card.getByText('Every question needs text.')).toBeVisible()
    await expect(card.getByLabel('Option 2', { exact: true })).toHaveValue('Concealment')
    await text.fill(
      '<h2 onclick="alert(1)">Cover first</h2><p>Use <strong>cover</strong>, not <a href="javascript:alert(1)">this</a> but <a href="https://example.com/sop">the SOP</a><img src="javascript:alert(1)"></p>',
    )

    // Add and remove a second question.
    expect(await submit(page, editor.getByRole('button', { name: 'Add Question' }))).toBe(200)
    await expect(editor.getByRole('listitem', { name: 'Question 2' })).toBeVisible()
    expect(await submit(page, editor.getByRole('button', { name: 'Remove question 2' }))).toBe(200)
    await expect(editor.getByRole('listitem', { name: 'Question 2' })).toHaveCount(0)
    await expect(card.getByLabel('Question Text (HTML)')).toHaveValue(/<h2 onclick="alert\(1\)">Cover first<\/h2>/)

    // In-game evaluation: the checklist and its passing score appear (CSS, no script); two sections.
    await editor.getByLabel('Requires In-Game Evaluation').check()
    await expect(editor.getByRole('region', { name: 'Evaluation Checklist' })).toBeVisible()
    await expect(editor.getByLabel('Evaluation Passing Score (%)')).toHaveValue('80')
    await expect(editor.getByText('No checklist items yet.')).toBeVisible()
    expect(await submit(page, editor.getByRole('button', { name: 'Add Section' }))).toBe(200)
    const firstSection = editor.getByRole('region', { name: 'Section New Section 1' })
    await firstSection.getByLabel('Item', { exact: true }).fill('Moves between cover')
    await firstSection.getByLabel('Section', { exact: true }).fill('Movement')
    expect(await submit(page, editor.getByRole('button', { name: 'Add Section' }))).toBe(200)
    const movement = editor.getByRole('region', { name: 'Section Movement' })
    await expect(movement.getByLabel('Item', { exact: true })).toHaveValue('Moves between cover')
    // The button was drawn while "New Section 1" still existed: the next name counts on.
    const second = editor.getByRole('region', { name: 'Section New Section 2' })
    await second.getByLabel('Item', { exact: true }).fill('Calls out contacts')
    await second.getByLabel('Pass (+points)').fill('3')

    expect(await submit(page, editor.getByRole('button', { name: 'Save Test' }))).toBe(302)
    await expect(page).toHaveURL(/\/admin\/tests$/)
    await expect(toast(page, 'Test created successfully.')).toBeVisible()
    const row = page.getByRole('list', { name: 'Tests' }).getByRole('listitem').filter({ hasText: name })
    await expect(row).toContainText('Required score: 4')

    const [stored] = await db<
      Array<{ question_text: string }>
    >`select q.question_text from test_questions q join tests t on t.id = q.test_id where t.name = ${name}`
    expect(stored!.question_text).toBe(
      '<h2>Cover first</h2><p>Use <strong>cover</strong>, not <a>this</a> but <a href="https://example.com/sop" rel="noopener noreferrer nofollow">the SOP</a></p>',
    )
    const checklist = await db<Array<{ section: string; text: string; pos_score: string }>>`
      select e.section, e.text, e.pos_score from test_evaluation_questions e join tests t on t.id = e.test_id where t.name = ${name} order by e.position`
    expect(checklist.map((c) => [c.section, c.text, Number(c.pos_score)])).toEqual([
      ['Movement', 'Moves between cover', 1],
      ['New Section 2', 'Calls out contacts', 3],
    ])

    // Edit: the stored (sanitised) HTML comes back in the textarea.
    await row.getByRole('link', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Test' })
    await expect(edit.getByLabel('Question Text (HTML)')).toHaveValue(stored!.question_text)
    await expect(
      edit.getByRole('region', { name: 'Section Movement' }).getByLabel('Item', { exact: true }),
    ).toHaveValue('Moves between cover')
    await edit.getByLabel('Test Name').fill(renamed)
    expect(await submit(page, edit.getByRole('button', { name: 'Save Test' }))).toBe(302)
    await expect(toast(page, 'Test updated successfully.')).toBeVisible()

    // Delete: the page's confirm step asks first.
    const renamedRow = page.getByRole('list', { name: 'Tests' }).getByRole('listitem').filter({ hasText: renamed })
    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText('Are you sure you want to permanently delete this test and all its questions?')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(toast(page, 'Test deleted successfully.')).toBeVisible()
    await expect(renamedRow).toHaveCount(0)
  } finally {
    await removeTests(db, [name, renamed])
  }
})

test('without JavaScript a test that does not exist sends the admin back to the list', async ({ page, login }) => {
  await login('demo_admin', '/admin/tests/999999/edit')
  await expect(page).toHaveURL(/\/admin\/tests$/)
  await expect(toast(page, 'Test not found.')).toBeVisible()
})
