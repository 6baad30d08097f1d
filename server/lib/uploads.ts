import { Invalid, PayloadTooLarge } from '../errors.ts'

// One uploaded file from a request, for every call that takes one (test images, mission files): the raw body, or a
// file field of a multipart form. What the file must be is the caller's; this only finds it and caps its size.

export interface UploadRule {
  /** The form field named for the file; any file field of the form is taken when it is absent. */
  field: string
  maxBytes: number
  /** Said when there is no file (and when the form cannot be read). */
  missing: string
  /** Said (413) when the file is over maxBytes. */
  tooLarge: string
  /** An empty file counts as none. */
  refuseEmpty?: boolean
}

/** The file of a request: a multipart form's file field, or the body itself (any other type). */
export async function readUpload(request: Request, rule: UploadRule): Promise<Uint8Array> {
  const type = request.headers.get('content-type') ?? ''
  if (type.toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData
    try {
      form = await request.formData()
    } catch {
      throw new Invalid(rule.missing)
    }
    return fileOfForm(form, rule)
  }
  const bytes = new Uint8Array(await request.arrayBuffer())
  if (bytes.length > rule.maxBytes) throw new PayloadTooLarge(rule.tooLarge)
  if (rule.refuseEmpty && !bytes.length) throw new Invalid(rule.missing)
  return bytes
}

/** The file of a submitted form: the rule's field, else any file field. */
export async function fileOfForm(form: FormData, rule: UploadRule): Promise<Uint8Array> {
  const named = form.get(rule.field)
  const file = named instanceof Blob ? named : [...form.values()].find((v): v is File => v instanceof Blob)
  if (!file || (rule.refuseEmpty && file.size === 0)) throw new Invalid(rule.missing)
  if (file.size > rule.maxBytes) throw new PayloadTooLarge(rule.tooLarge)
  return new Uint8Array(await file.arrayBuffer())
}
