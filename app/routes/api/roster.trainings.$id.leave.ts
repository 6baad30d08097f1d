import { memberTrainingAction } from './training-member-action.server.ts'
import { leaveTraining } from '#server/roster/trainings.ts'

// POST /api/roster/trainings/{id}/leave (spec 2 §7): {message} or {error}.
export const action = memberTrainingAction(leaveTraining)
