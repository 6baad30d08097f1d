// Drizzle relations for the relational query API (db.query.*). Kept apart from the tables so the domain files do
// not import each other in cycles.
import { relations } from 'drizzle-orm'
import { auditLog } from './audit.ts'
import { scheduledPings, squadRoleMappings } from './discord.ts'
import { platoons, slots, squads } from './orbat.ts'
import {
  eventAttendance,
  events,
  memberQualifications,
  members,
  qualifications,
  trainingAttendance,
  trainingSignups,
  trainings,
} from './roster.ts'
import {
  liveEvaluationAnswers,
  liveEvaluationSessions,
  testAttemptAnswers,
  testAttempts,
  testEligibility,
  testEvaluationAnswers,
  testEvaluationQuestions,
  testEvaluations,
  testQuestions,
  tests,
} from './assessments.ts'
import { sessions, users } from './users-sessions.ts'
import { waitlistEntries } from './waitlist.ts'

export const usersRelations = relations(users, ({ one, many }) => ({
  sessions: many(sessions),
  /** Linked by discord_id, not by a foreign key. */
  member: one(members, { fields: [users.discord_id], references: [members.discord_id] }),
  slot: one(slots, { fields: [users.id], references: [slots.user_id] }),
  waitlistEntry: one(waitlistEntries, { fields: [users.id], references: [waitlistEntries.user_id] }),
  auditEntries: many(auditLog),
}))

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.user_id], references: [users.id] }),
}))

export const platoonsRelations = relations(platoons, ({ many }) => ({
  squads: many(squads),
}))

export const squadsRelations = relations(squads, ({ one, many }) => ({
  platoon: one(platoons, { fields: [squads.platoon_id], references: [platoons.id] }),
  slots: many(slots),
  roleMapping: one(squadRoleMappings, { fields: [squads.id], references: [squadRoleMappings.squad_id] }),
  waitlistEntries: many(waitlistEntries),
}))

export const slotsRelations = relations(slots, ({ one }) => ({
  squad: one(squads, { fields: [slots.squad_id], references: [squads.id] }),
  user: one(users, { fields: [slots.user_id], references: [users.id] }),
}))

export const waitlistEntriesRelations = relations(waitlistEntries, ({ one }) => ({
  user: one(users, { fields: [waitlistEntries.user_id], references: [users.id] }),
  squad: one(squads, { fields: [waitlistEntries.squad_id], references: [squads.id] }),
}))

export const squadRoleMappingsRelations = relations(squadRoleMappings, ({ one }) => ({
  squad: one(squads, { fields: [squadRoleMappings.squad_id], references: [squads.id] }),
}))

export const membersRelations = relations(members, ({ one, many }) => ({
  user: one(users, { fields: [members.discord_id], references: [users.discord_id] }),
  qualifications: many(memberQualifications),
  eventAttendance: many(eventAttendance),
  trainingSignups: many(trainingSignups),
  trainingAttendance: many(trainingAttendance),
  testEligibility: many(testEligibility),
  testAttempts: many(testAttempts),
}))

export const qualificationsRelations = relations(qualifications, ({ many }) => ({
  members: many(memberQualifications),
  tests: many(tests),
}))

export const memberQualificationsRelations = relations(memberQualifications, ({ one }) => ({
  member: one(members, { fields: [memberQualifications.member_id], references: [members.id] }),
  qualification: one(qualifications, {
    fields: [memberQualifications.qualification_id],
    references: [qualifications.id],
  }),
}))

export const eventsRelations = relations(events, ({ many }) => ({
  attendance: many(eventAttendance),
  pings: many(scheduledPings),
}))

export const eventAttendanceRelations = relations(eventAttendance, ({ one }) => ({
  event: one(events, { fields: [eventAttendance.event_id], references: [events.id] }),
  member: one(members, { fields: [eventAttendance.member_id], references: [members.id] }),
}))

export const trainingsRelations = relations(trainings, ({ many }) => ({
  signups: many(trainingSignups),
  attendance: many(trainingAttendance),
  pings: many(scheduledPings),
}))

export const trainingSignupsRelations = relations(trainingSignups, ({ one }) => ({
  training: one(trainings, { fields: [trainingSignups.training_id], references: [trainings.id] }),
  member: one(members, { fields: [trainingSignups.member_id], references: [members.id] }),
}))

export const trainingAttendanceRelations = relations(trainingAttendance, ({ one }) => ({
  training: one(trainings, { fields: [trainingAttendance.training_id], references: [trainings.id] }),
  member: one(members, { fields: [trainingAttendance.member_id], references: [members.id] }),
}))

export const scheduledPingsRelations = relations(scheduledPings, ({ one }) => ({
  event: one(events, { fields: [scheduledPings.event_id], references: [events.id] }),
  training: one(trainings, { fields: [scheduledPings.training_id], references: [trainings.id] }),
  createdBy: one(users, { fields: [scheduledPings.created_by_user_id], references: [users.id] }),
}))

export const auditLogRelations = relations(auditLog, ({ one }) => ({
  actorUser: one(users, { fields: [auditLog.actor_user_id], references: [users.id] }),
}))

export const testsRelations = relations(tests, ({ one, many }) => ({
  qualification: one(qualifications, { fields: [tests.qualification_id], references: [qualifications.id] }),
  questions: many(testQuestions),
  evaluationQuestions: many(testEvaluationQuestions),
  eligibility: many(testEligibility),
  attempts: many(testAttempts),
  evaluations: many(testEvaluations),
  liveSessions: many(liveEvaluationSessions),
}))

export const testQuestionsRelations = relations(testQuestions, ({ one }) => ({
  test: one(tests, { fields: [testQuestions.test_id], references: [tests.id] }),
}))

export const testEvaluationQuestionsRelations = relations(testEvaluationQuestions, ({ one }) => ({
  test: one(tests, { fields: [testEvaluationQuestions.test_id], references: [tests.id] }),
}))

export const testEligibilityRelations = relations(testEligibility, ({ one }) => ({
  test: one(tests, { fields: [testEligibility.test_id], references: [tests.id] }),
  member: one(members, { fields: [testEligibility.member_id], references: [members.id] }),
}))

export const testAttemptsRelations = relations(testAttempts, ({ one, many }) => ({
  test: one(tests, { fields: [testAttempts.test_id], references: [tests.id] }),
  member: one(members, { fields: [testAttempts.member_id], references: [members.id] }),
  answers: many(testAttemptAnswers),
}))

export const testAttemptAnswersRelations = relations(testAttemptAnswers, ({ one }) => ({
  attempt: one(testAttempts, { fields: [testAttemptAnswers.attempt_id], references: [testAttempts.id] }),
  question: one(testQuestions, { fields: [testAttemptAnswers.question_id], references: [testQuestions.id] }),
}))

export const testEvaluationsRelations = relations(testEvaluations, ({ one, many }) => ({
  test: one(tests, { fields: [testEvaluations.test_id], references: [tests.id] }),
  evaluatee: one(members, { fields: [testEvaluations.evaluatee_member_id], references: [members.id] }),
  evaluator: one(users, { fields: [testEvaluations.evaluator_user_id], references: [users.id] }),
  answers: many(testEvaluationAnswers),
}))

export const testEvaluationAnswersRelations = relations(testEvaluationAnswers, ({ one }) => ({
  evaluation: one(testEvaluations, {
    fields: [testEvaluationAnswers.evaluation_id],
    references: [testEvaluations.id],
  }),
  question: one(testEvaluationQuestions, {
    fields: [testEvaluationAnswers.question_id],
    references: [testEvaluationQuestions.id],
  }),
}))

export const liveEvaluationSessionsRelations = relations(liveEvaluationSessions, ({ one, many }) => ({
  test: one(tests, { fields: [liveEvaluationSessions.test_id], references: [tests.id] }),
  evaluatee: one(members, { fields: [liveEvaluationSessions.evaluatee_member_id], references: [members.id] }),
  evaluator: one(users, { fields: [liveEvaluationSessions.evaluator_user_id], references: [users.id] }),
  evaluation: one(testEvaluations, {
    fields: [liveEvaluationSessions.evaluation_id],
    references: [testEvaluations.id],
  }),
  answers: many(liveEvaluationAnswers),
}))

export const liveEvaluationAnswersRelations = relations(liveEvaluationAnswers, ({ one }) => ({
  session: one(liveEvaluationSessions, {
    fields: [liveEvaluationAnswers.session_id],
    references: [liveEvaluationSessions.id],
  }),
  question: one(testEvaluationQuestions, {
    fields: [liveEvaluationAnswers.question_id],
    references: [testEvaluationQuestions.id],
  }),
}))
