// Question images (png, gif, jpeg, bmp, x-icon: docs/rules/assessments.md): the type is read from the bytes, the size
// is capped, and a stored file is served only as its detected image type, inline, never sniffed, never scriptable. Real
// HTTP on the production build.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ERRORS, TEST_IMAGES, type UploadedImage } from '#contracts/assessments.ts'
import { auditLog } from '#db/schema/audit.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { auditEntries, loginDemos, type LoggedIn } from '#tests/harness/orbat.ts'
import { detectImageType } from '../lib/stored-images.ts'

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00')
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])
const BMP = Uint8Array.from([0x42, 0x4d, 0x3a, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0, 1, 0, 0, 0])
const ICO = Uint8Array.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0])
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
)
const HTML = new TextEncoder().encode('<!doctype html><script>alert(document.cookie)</script>')

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

describe('detectImageType', () => {
  it('reads the five types from their magic numbers and nothing else', () => {
    expect([PNG, GIF, JPEG, BMP, ICO].map(detectImageType)).toEqual([
      'image/png',
      'image/gif',
      'image/jpeg',
      'image/bmp',
      'image/x-icon',
    ])
    for (const bytes of [
      SVG,
      HTML,
      new Uint8Array(),
      new TextEncoder().encode('BM not a bitmap'),
      Uint8Array.from([0, 0, 1, 0, 0, 0]),
      new TextEncoder().encode('GIF87b'),
    ]) {
      expect(detectImageType(bytes)).toBeNull()
    }
  })
})

describe('image uploads over HTTP', () => {
  let t: TestApp
  let admin: LoggedIn, novak: LoggedIn
  beforeAll(async () => {
    t = await startTestApp()
    ;[admin, novak] = await loginDemos(t, ['demo_admin', 'novak'])
    await t.database.db.execute(sql`truncate ${auditLog}`)
  })
  afterAll(async () => {
    await t?.close()
  })

  const asForm = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
    const form = new FormData()
    form.append(TEST_IMAGES.field, new Blob([bytes], { type }), name)
    return form
  }
  const upload = async (
    body: FormData | Uint8Array<ArrayBuffer>,
    headers: Record<string, string> = {},
    who: LoggedIn = admin,
  ) => {
    const response = await who.client.fetch('/api/admin/tests/images', {
      method: 'POST',
      body: body instanceof FormData ? body : new Blob([body]),
      headers,
    })
    return { status: response.status, body: (await response.json()) as UploadedImage & { error?: string } }
  }

  it('stores the five types (multipart or raw) and serves them as their detected type, inline, nosniff, sandboxed', async () => {
    const made = await upload(asForm(PNG, 'photo.png', 'image/png'))
    expect(made).toEqual({
      status: 201,
      body: {
        url: expect.stringMatching(/^\/api\/tests\/images\/[0-9a-f]{64}\.png$/),
        contentType: 'image/png',
        bytes: PNG.length,
      },
    })
    // The same bytes again are the same file.
    expect((await upload(asForm(PNG, 'again.png', 'image/png'))).body.url).toBe(made.body.url)
    for (const [bytes, type] of [
      [GIF, 'image/gif'],
      [JPEG, 'image/jpeg'],
      [BMP, 'image/bmp'],
      [ICO, 'image/x-icon'],
    ] as const) {
      // Raw bytes with a lying Content-Type: the bytes decide.
      const raw = await upload(bytes, { 'Content-Type': 'text/html' })
      expect(raw.status).toBe(201)
      expect(raw.body.contentType).toBe(type)
    }
    // Anyone may load an image (members see them on the take page).
    const served = await t.client().get(made.body.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('content-disposition')).toBe('inline')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'; sandbox")
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)
    expect((await auditEntries(t.database.db, 'Test image uploaded')).length).toBe(6)
  })

  it('refuses other types by their bytes (SVG, HTML named .png), empty files and files over the size cap', async () => {
    expect(await upload(asForm(SVG, 'logo.svg', 'image/svg+xml'))).toEqual({
      status: 400,
      body: { error: TEST_ERRORS.imageType },
    })
    expect(await upload(asForm(HTML, 'innocent.png', 'image/png'))).toEqual({
      status: 400,
      body: { error: TEST_ERRORS.imageType },
    })
    expect(await upload(SVG, { 'Content-Type': 'image/png' })).toEqual({
      status: 400,
      body: { error: TEST_ERRORS.imageType },
    })
    expect(await upload(new Uint8Array(), { 'Content-Type': 'image/png' })).toEqual({
      status: 400,
      body: { error: TEST_ERRORS.imageMissing },
    })
    const form = new FormData()
    form.append('note', 'no file here')
    expect(await upload(form)).toEqual({ status: 400, body: { error: TEST_ERRORS.imageMissing } })
    const justOver = concat(PNG, new Uint8Array(TEST_IMAGES.maxBytes + 1 - PNG.length))
    expect(await upload(asForm(justOver, 'big.png', 'image/png'))).toEqual({
      status: 413,
      body: { error: TEST_ERRORS.imageTooLarge },
    })
    expect(await upload(justOver)).toEqual({ status: 413, body: { error: TEST_ERRORS.imageTooLarge } })
    // Far over: the HTTP body limit answers before the route reads it.
    expect((await upload(concat(PNG, new Uint8Array(3 * 1024 * 1024)))).status).toBe(413)
    // A member cannot upload.
    expect((await upload(asForm(PNG, 'x.png', 'image/png'), {}, novak)).status).toBe(403)
  })

  it('a polyglot (image magic, then HTML) is served only as an image; unknown names and paths answer 404', async () => {
    const polyglot = concat(GIF, new TextEncoder().encode('<html><script>alert(1)</script></html>'))
    const made = await upload(asForm(polyglot, 'x.html', 'text/html'))
    expect(made.body.contentType).toBe('image/gif')
    const served = await t.client().get(made.body.url)
    expect(served.headers.get('content-type')).toBe('image/gif')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('content-security-policy')).toContain('sandbox')
    for (const path of [
      '/api/tests/images/' + '0'.repeat(64) + '.png',
      '/api/tests/images/..%2F..%2Fpackage.json',
      '/api/tests/images/x.svg',
    ]) {
      const response = await t.client().get(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type')).toContain('application/json')
    }
  })
})
