import { MISSION_FILE } from '#contracts/mission-file.ts'
import { fileOfForm, readUpload, type UploadRule } from '../../lib/uploads.ts'

export const UPLOAD_ERRORS = {
  missing: 'Choose a mission.sqm file to upload.',
  tooLarge: 'The mission file is larger than 10 MB, which no mission.sqm is. Is it the right file?',
} as const

const MISSION_UPLOAD: UploadRule = {
  field: MISSION_FILE.field,
  maxBytes: MISSION_FILE.maxBytes,
  missing: UPLOAD_ERRORS.missing,
  tooLarge: UPLOAD_ERRORS.tooLarge,
  refuseEmpty: true,
}

/** A mission file from a request: the body itself (text/plain or any other type), or a file field of a multipart form. */
export function readMissionUpload(request: Request): Promise<Uint8Array> {
  return readUpload(request, MISSION_UPLOAD)
}

/** The mission file of a submitted form: the `mission` field, else any file field. */
export function missionFromForm(form: FormData): Promise<Uint8Array> {
  return fileOfForm(form, MISSION_UPLOAD)
}
