import { memberTrainingAction } from './training-member-action.server.ts'
import { signUpToTraining } from '#server/roster/trainings.ts'

// POST /api/roster/trainings/{id}/signup: {message} or {error}.
export const action = memberTrainingAction(signUpToTraining)
