import { memberTrainingAction } from './training-member-action.server.ts'
import { leaveTraining } from '#server/roster/trainings.ts'

// POST /api/roster/trainings/{id}/leave: {message} or {error}.
export const action = memberTrainingAction(leaveTraining)
