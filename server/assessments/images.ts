import fs from 'node:fs/promises'
import path from 'node:path'
import { TEST_ERRORS, TEST_IMAGES, UPLOADED_IMAGE_NAME, type UploadedImage } from '#contracts/assessments.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { NotFound } from '../errors.ts'
import { detectImageType, imageDir, storeImage } from '../lib/stored-images.ts'
import { readUpload } from '../lib/uploads.ts'
import { runTransaction } from '../transaction.ts'

// Images of the written-question editor: uploading one (recorded in the audit log) and serving any stored image. The
// store itself, and how an image's type is told from its bytes, is server/lib/stored-images.ts.

/**
 * The uploaded file from a multipart form (field TEST_IMAGES.field, or the first file) or the raw body. Anything but
 * one of the five image types is refused, and so is a file over TEST_IMAGES.maxBytes.
 */
export function readUploadedImage(request: Request): Promise<Uint8Array> {
  return readUpload(request, {
    field: TEST_IMAGES.field,
    maxBytes: TEST_IMAGES.maxBytes,
    missing: TEST_ERRORS.imageMissing,
    tooLarge: TEST_ERRORS.imageTooLarge,
  })
}

/** Stores an image (once per content) and records the upload. */
export async function uploadTestImage(services: AppServices, admin: User, bytes: Uint8Array): Promise<UploadedImage> {
  const stored = await storeImage(services, bytes)
  const name = stored.url.slice(stored.url.lastIndexOf('/') + 1)
  await runTransaction(
    services,
    (tx) => recordAudit(tx, admin, 'Test image uploaded', `${name} (${stored.contentType}, ${stored.bytes} bytes)`),
    { name: 'upload test image', changes: [] },
  )
  return stored
}

/**
 * A stored image as an HTTP answer: its detected type (re-read from the bytes), inline, never scriptable (a sandbox
 * CSP on top of the page CSP), cached for good (the name is the content's hash).
 * NOTE: X-Content-Type-Options: nosniff is on every answer already (server/http/security.ts); setting it here too
 * would send the header twice.
 */
export async function serveTestImage(services: AppServices, name: string | undefined): Promise<Response> {
  if (!name || !UPLOADED_IMAGE_NAME.test(name)) throw new NotFound(TEST_ERRORS.imageNotFound)
  let bytes: Buffer
  try {
    bytes = await fs.readFile(path.join(imageDir(services), name))
  } catch {
    throw new NotFound(TEST_ERRORS.imageNotFound)
  }
  const contentType = detectImageType(bytes)
  if (!contentType) throw new NotFound(TEST_ERRORS.imageNotFound)
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': contentType,
      'Content-Length': String(bytes.length),
      'Content-Disposition': 'inline',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  })
}
