import { describe, expect, it } from 'vitest'
import { testBadge, type MemberTestItem, type PublicTestItem } from '#contracts/assessments.ts'
import { cardAction, isDimmed, needsApproval } from './test-card.tsx'

const publicTest: PublicTestItem = {
  id: 7,
  uuid: '11111111-2222-4333-8444-555555555555',
  name: 'Combat Medic Certification',
  qualification_id: 1,
  qualification_name: 'Combat Medic',
  required_score: 10,
  passing_questions: 4,
  total_questions: 5,
  passing_score: 80,
  requires_in_game_eval: true,
  eval_passing_score: 80,
}

type Facts = Pick<MemberTestItem, 'has_qual' | 'is_eligible' | 'attempt' | 'meets_required_score'>
const none: Facts = { has_qual: false, is_eligible: false, attempt: null, meets_required_score: false }
const member = (facts: Partial<Facts>): MemberTestItem => {
  const all = { ...none, ...facts }
  return { ...publicTest, ...all, status: testBadge(all) }
}
const attempt = (passed: boolean) => ({ uuid: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', passed })

describe('cardAction (the card button)', () => {
  it('asks a visitor to log in, coming back to /tests', () => {
    expect(cardAction(publicTest)).toEqual({
      kind: 'login',
      label: 'Login to View Status',
      href: '/auth/discord?returnTo=%2Ftests',
    })
  })

  it('never offers Take Test for a test without written questions', () => {
    const approved = member({ is_eligible: true, meets_required_score: true })
    expect(cardAction({ ...approved, total_questions: 0 })).toEqual({
      kind: 'disabled',
      label: 'Awaiting In-Game Evaluation',
    })
    expect(cardAction({ ...approved, total_questions: 0, requires_in_game_eval: false })).toEqual({
      kind: 'disabled',
      label: 'No Questions Yet',
    })
    expect(cardAction(approved)).toMatchObject({ kind: 'take', label: 'Take Test' })
  })

  it('puts a held qualification first, then an attempt, then an approval', () => {
    expect(cardAction(member({ has_qual: true, attempt: attempt(true), is_eligible: true }))).toEqual({
      kind: 'disabled',
      label: 'Already Qualified',
    })
    expect(cardAction(member({ attempt: attempt(false), is_eligible: true, meets_required_score: true }))).toEqual({
      kind: 'review',
      label: 'Review Attempt',
      href: '/tests/result/aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
    })
    expect(cardAction(member({ is_eligible: true, meets_required_score: true }))).toEqual({
      kind: 'take',
      label: 'Take Test',
      href: `/tests/${publicTest.uuid}/take`,
    })
  })

  it('otherwise waits for an admin when the score is met, or is ineligible', () => {
    expect(cardAction(member({ meets_required_score: true }))).toEqual({
      kind: 'disabled',
      label: 'Awaiting Admin Approval',
    })
    expect(cardAction(member({}))).toEqual({ kind: 'disabled', label: 'Ineligible' })
  })
})

describe('isDimmed and the score note', () => {
  it('dims for a visitor, and for a member with nothing towards the test', () => {
    expect(isDimmed(publicTest)).toBe(true)
    expect(isDimmed(member({}))).toBe(true)
  })

  it('does not dim a card with a qualification, the score, an attempt or an approval', () => {
    for (const facts of [
      { has_qual: true },
      { meets_required_score: true },
      { attempt: attempt(false) },
      { is_eligible: true },
    ]) {
      expect(isDimmed(member(facts))).toBe(false)
    }
  })

  it("says 'You meet the score requirement!' only while the member waits for approval", () => {
    expect(needsApproval(member({ meets_required_score: true }))).toBe(true)
    expect(needsApproval(member({ meets_required_score: true, is_eligible: true }))).toBe(false)
    expect(needsApproval(member({ meets_required_score: true, attempt: attempt(true) }))).toBe(false)
    expect(needsApproval(member({ meets_required_score: true, has_qual: true }))).toBe(false)
    expect(needsApproval(publicTest)).toBe(false)
  })
})
