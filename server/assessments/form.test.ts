// The contracts' schemas are the forms' schemas too (docs/decisions/016): conform parses the test editor's and the
// take page's form posts with them into the same input the /api routes get, and reads constraints from them.
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { submitTestSchema, testFormSchema, TEST_FIELD_MESSAGES } from '#contracts/assessments.ts'
import { evaluationAnswerSchema, submitEvaluationSchema } from '#contracts/evaluations.ts'

const form = (fields: Array<[string, string]>) => {
  const data = new FormData()
  for (const [name, value] of fields) data.append(name, value)
  return data
}

describe('contracts as conform form schemas', () => {
  it('parses the test editor form: nested questions and options, a checkbox, blanks falling back to defaults', () => {
    const fields: Array<[string, string]> = [
      ['name', ' Medic '],
      ['qualification_id', '3'],
      ['required_score', ''],
      ['passing_questions', '2'],
      ['requires_in_game_eval', 'on'],
      ['eval_passing_score', '75'],
    ]
    for (const [i, id] of ['7', ''].entries()) {
      fields.push(
        [`questions[${i}].id`, id],
        [`questions[${i}].question_text`, '<p>Q</p>'],
        [`questions[${i}].image_url`, ''],
        [`questions[${i}].correct_answer_index`, '2'],
      )
      for (let o = 0; o < 4; o++) fields.push([`questions[${i}].options[${o}]`, `option ${o}`])
    }
    fields.push(
      ['evaluation_questions[0].text', 'Checks corners'],
      ['evaluation_questions[0].section', ''],
      ['evaluation_questions[0].pos_score', '2'],
    )
    const submission = parseWithZod(form(fields), { schema: testFormSchema })
    expect(submission.status).toBe('success')
    const question = {
      question_text: '<p>Q</p>',
      image_url: null,
      options: ['option 0', 'option 1', 'option 2', 'option 3'],
      correct_answer_index: 2,
    }
    expect(submission.status === 'success' && submission.value).toEqual({
      name: 'Medic',
      qualification_id: 3,
      required_score: 0,
      passing_questions: 2,
      requires_in_game_eval: true,
      eval_passing_score: 75,
      questions: [
        { id: 7, ...question },
        { id: null, ...question },
      ],
      evaluation_questions: [
        { id: null, text: 'Checks corners', pos_score: 2, neg_score: 0, section: 'Uncategorized' },
      ],
    })

    const refused = parseWithZod(form([['name', '']]), { schema: testFormSchema })
    expect(refused.status === 'error' && refused.error).toMatchObject({
      name: [TEST_FIELD_MESSAGES.nameRequired],
      qualification_id: [TEST_FIELD_MESSAGES.qualificationRequired],
    })
    // The cross-field rule speaks once the fields themselves are valid.
    const tooMany = parseWithZod(
      form([
        ['name', 'Medic'],
        ['qualification_id', '3'],
        ['passing_questions', '2'],
      ]),
      { schema: testFormSchema },
    )
    expect(tooMany.status === 'error' && tooMany.error).toMatchObject({
      passing_questions: ['Required correct answers cannot be more than the number of questions (1).'],
    })
    expect(getZodConstraint(testFormSchema)).toMatchObject({
      name: { required: true },
      'questions[].options[]': { required: true },
    })
  })

  it('parses the take page (answers.{questionId}) and the live evaluation forms', () => {
    const answers = parseWithZod(
      form([
        ['answers.12', '1'],
        ['answers.13', '0'],
      ]),
      { schema: submitTestSchema },
    )
    expect(answers.status === 'success' && answers.value).toEqual({ answers: { 12: 1, 13: 0 } })
    const answer = parseWithZod(
      form([
        ['questionId', '4'],
        ['answer', 'na'],
      ]),
      { schema: evaluationAnswerSchema },
    )
    expect(answer.status === 'success' && answer.value).toEqual({ questionId: 4, answer: 'na' })
    const notes = parseWithZod(form([['notes', '  ']]), { schema: submitEvaluationSchema })
    expect(notes.status === 'success' && notes.value).toEqual({ notes: null })
  })
})
