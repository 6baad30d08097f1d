// The tests' texts (tests.ts passes them on), apart so that the public tests page does not load zod with them.

import { countOf } from './plural.ts'

/** The texts of the tests pages, word for word (docs/rules/assessments.md). */
export const TEST_MESSAGES = {
  heading: 'Qualification Tests',
  intro: 'Complete tests to earn new qualifications.',
  noTests: 'There are no tests currently available.',
  meetsScore: 'You meet the score requirement!',
  takeNotFound: 'Test not found or you are not eligible to take it.',
  /** Under takeNotFound (with TEST_ERRORS.alreadyTaken) when the reason is the member's own attempt. */
  viewResult: 'View your result',
  answerAll: 'Please answer all questions before submitting.',
  failedNote: 'You did not pass this time. Please open a ticket in Discord to discuss your results with command.',
  resultNotFound: 'Test result not found.',
  correctAnswer: '(Correct Answer)',
  yourAnswer: '(Your Answer)',
  noMembersMatch: 'No members found matching the search',
  startTyping: 'Start typing in the search bar to find a member',
  allCorrect: 'This member answered all questions correctly.',
  activeEvaluations: 'Active Evaluations In Progress',
  confirmDeleteTest: 'Are you sure you want to permanently delete this test and all its questions?',
  confirmRetake:
    'Are you sure you want to allow this member to retake the test? Their previous attempt will be deleted.',
  confirmDeleteSection: 'Are you sure you want to delete the section and all its items?',
  submitFailed: 'Failed to submit test.',
  createFailed: 'Failed to create test.',
  updateFailed: 'Failed to update test.',
  deleteFailed: 'Failed to delete test.',
  grantEligibilityFailed: 'Failed to grant eligibility.',
  revokeEligibilityFailed: 'Failed to revoke eligibility.',
  resetAttemptFailed: 'Failed to reset test attempt.',
  grantQualificationFailed: 'Failed to grant qualification.',
  fetchTakeFailed: 'Failed to fetch test for taking.',
  fetchResultFailed: 'Failed to fetch test result.',
  requestFailed: 'API Request Failed',
  generic: 'An error occurred.',
} as const

/** 'Test submitted! You scored N%. You have passed/failed.' (whole percents, as the result page shows them). */
export function testSubmittedMessage(score: number, passed: boolean): string {
  return `Test submitted! You scored ${Math.round(score)}%. You have ${passed ? 'passed' : 'failed'}.`
}

/** 'A score of N% or higher is required to pass.' */
export function passingScoreLine(passingScore: number): string {
  return `A score of ${Math.round(passingScore)}% or higher is required to pass.`
}

/** 'Answer X of Y questions correctly' on a test card. */
export function passingQuestionsLine(passingQuestions: number, totalQuestions: number): string {
  return `Answer ${passingQuestions} of ${countOf(totalQuestions, 'question')} correctly`
}

/** The server's own refusals, in sentences a member can act on. */
export const TEST_ERRORS = {
  testNotFound: 'Test not found.',
  notOnRoster: 'You need to be on the company roster to take tests.',
  banned: 'Banned members cannot take tests.',
  notApproved: 'You are not approved to take this test.',
  alreadyTaken: 'You have already taken this test.',
  noQuestions: 'This test has no questions yet.',
  unknownQuestion: 'An answer names a question that is not in this test.',
  attemptNotFound: 'Attempt not found.',
  attemptNotPassed: 'Only a passed attempt can be approved for the qualification.',
  memberNotFound: 'Member not found.',
  bannedMember: 'Banned members cannot be approved for tests.',
  notApprovedMember: 'This member is not approved for this test.',
  imageMissing: 'Please choose an image to upload.',
  imageType: 'Only PNG, GIF, JPEG, BMP and ICO images can be uploaded.',
  imageTooLarge: 'Images are limited to 1 MB.',
  imageNotFound: 'Image not found.',
} as const
