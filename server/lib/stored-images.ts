import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { TEST_ERRORS, TEST_IMAGES, type UploadedImage } from '#contracts/assessments.ts'
import type { AppServices } from '../context.ts'
import { Invalid, PayloadTooLarge } from '../errors.ts'

// The app's one store of uploaded images: the written-question editor's and the awards' (png, gif, jpeg, bmp, x-icon:
// docs/rules/assessments.md). The type is read from the file's first bytes, never from its name or the declared
// Content-Type, so nothing a browser could run (SVG, HTML) is ever stored or served. Files live under
// DATA_DIR/uploads/test-images named by their SHA-256 (docs/decisions/017), served by GET /api/tests/images/{name}.

type ImageType = (typeof TEST_IMAGES.contentTypes)[number]

const EXTENSIONS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/bmp': 'bmp',
  'image/x-icon': 'ico',
}

const startsWith = (bytes: Uint8Array, prefix: number[], offset = 0) => prefix.every((b, i) => bytes[offset + i] === b)

/** The image type by magic number, or null for anything else. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  // BMP: "BM", then a DIB header size of a known version (12, 40, 52, 56, 64, 108 or 124) at offset 14.
  if (
    startsWith(bytes, [0x42, 0x4d]) &&
    bytes.length >= 18 &&
    [12, 40, 52, 56, 64, 108, 124].includes(readUint32LE(bytes, 14))
  )
    return 'image/bmp'
  // ICO: reserved 0, type 1, at least one image.
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length >= 6 && (bytes[4]! | (bytes[5]! << 8)) > 0)
    return 'image/x-icon'
  return null
}

function readUint32LE(bytes: Uint8Array, offset: number): number {
  return (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16)) + bytes[offset + 3]! * 0x1000000
}

export function imageDir(services: Pick<AppServices, 'config'>): string {
  return path.resolve(services.config.dataDir, 'uploads', 'test-images')
}

/** The public address of a stored image. */
const imageUrl = (name: string) => `/api/tests/images/${name}`

/**
 * An image's bytes checked (not empty, within the cap, one of the five types by its bytes) and named by its content:
 * throws before anything is stored.
 */
export function checkImage(bytes: Uint8Array): { contentType: ImageType; name: string } {
  if (bytes.length === 0) throw new Invalid(TEST_ERRORS.imageMissing)
  if (bytes.length > TEST_IMAGES.maxBytes) throw new PayloadTooLarge(TEST_ERRORS.imageTooLarge)
  const contentType = detectImageType(bytes)
  if (!contentType) throw new Invalid(TEST_ERRORS.imageType)
  return { contentType, name: `${crypto.createHash('sha256').update(bytes).digest('hex')}.${EXTENSIONS[contentType]}` }
}

/**
 * Stores a checked image once per content and gives its public address. The app's one image store: question images
 * and award images (server/personnel/awards.ts) alike.
 */
export async function storeImage(services: Pick<AppServices, 'config'>, bytes: Uint8Array): Promise<UploadedImage> {
  const { contentType, name } = checkImage(bytes)
  const dir = imageDir(services)
  await fs.mkdir(dir, { recursive: true })
  const target = path.join(dir, name)
  // Write then rename: a reader never sees half a file, and two uploads of the same bytes end the same.
  const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`
  await fs.writeFile(temporary, bytes)
  await fs.rename(temporary, target)
  return { url: imageUrl(name), contentType, bytes: bytes.length }
}
