import { MISSION_FILE } from '#contracts/mission-file.ts'
import { Invalid, PayloadTooLarge } from '../../errors.ts'

export const UPLOAD_ERRORS = {
  missing: 'Choose a mission.sqm file to upload.',
  tooLarge: 'The mission file is larger than 10 MB, which no mission.sqm is. Is it the right file?',
} as const

/** A mission file from a request: the body itself (text/plain or any other type), or a file field of a multipart form. */
export async function readMissionUpload(request: Request): Promise<Uint8Array> {
  const type = request.headers.get('content-type') ?? ''
  if (type.toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData
    try {
      form = await request.formData()
    } catch {
      throw new Invalid(UPLOAD_ERRORS.missing)
    }
    return missionFromForm(form)
  }
  const bytes = new Uint8Array(await request.arrayBuffer())
  if (bytes.length > MISSION_FILE.maxBytes) throw new PayloadTooLarge(UPLOAD_ERRORS.tooLarge)
  if (!bytes.length) throw new Invalid(UPLOAD_ERRORS.missing)
  return bytes
}

/** The mission file of a submitted form: the `mission` field, else any file field. */
export async function missionFromForm(form: FormData): Promise<Uint8Array> {
  const named = form.get(MISSION_FILE.field)
  const file = named instanceof Blob ? named : [...form.values()].find((v): v is File => v instanceof Blob)
  if (!file || file.size === 0) throw new Invalid(UPLOAD_ERRORS.missing)
  if (file.size > MISSION_FILE.maxBytes) throw new PayloadTooLarge(UPLOAD_ERRORS.tooLarge)
  return new Uint8Array(await file.arrayBuffer())
}
