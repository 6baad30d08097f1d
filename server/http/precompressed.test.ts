// Answers compressed ahead of time, read as bytes on the wire over real HTTP: the built files' .br/.gz siblings
// (vite.precompress.ts, served by express-static-gzip) and the polled ORBAT snapshot compressed once per change.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { markChanged, peekSnapshot } from '#server/orbat/live.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { addSquad } from '#tests/harness/orbat.ts'
import { compressionCount } from '../lib/encodings.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

interface Raw {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** One request over node:http with exactly these headers (fetch would add Accept-Encoding and decompress). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
      .end()
  })
}

const clientDir = path.resolve('build/client')
const assetsDir = path.join(clientDir, 'assets')
/** The largest built script: certainly above the threshold, so it has both siblings. */
const script = fs
  .readdirSync(assetsDir)
  .filter((name) => name.endsWith('.js'))
  .sort((a, b) => fs.statSync(path.join(assetsDir, b)).size - fs.statSync(path.join(assetsDir, a)).size)[0]!
const original = fs.readFileSync(path.join(assetsDir, script))
const brFile = fs.readFileSync(path.join(assetsDir, `${script}.br`))

describe('built files, precompressed at build time', () => {
  it('sends the .br sibling when brotli is accepted, .gz when only gzip is, the raw file when none is', async () => {
    const url = `${t.url}/assets/${script}`
    const plain = await raw(url)
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i)
    expect(plain.body.equals(original)).toBe(true)

    const br = await raw(url, { 'Accept-Encoding': 'gzip, deflate, br, zstd' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/Accept-Encoding/i)
    // Charset names are case-insensitive (express-static-gzip writes utf-8, serve-static UTF-8).
    expect(br.headers['content-type']!.toLowerCase()).toBe(plain.headers['content-type']!.toLowerCase())
    expect(br.headers['cache-control']).toBe(plain.headers['cache-control'])
    expect(br.headers['cache-control']).toMatch(/immutable/)
    expect(Number(br.headers['content-length'])).toBe(brFile.length)
    // The file's own bytes: the compression middleware did not encode them a second time.
    expect(br.body.equals(brFile)).toBe(true)
    expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true)
    expect(br.body.length).toBeLessThan(original.length / 2)

    const gzip = await raw(url, { 'Accept-Encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/i)
    expect(zlib.gunzipSync(gzip.body).equals(original)).toBe(true)

    const identity = await raw(url, { 'Accept-Encoding': 'identity' })
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.body.equals(original)).toBe(true)
  })

  it('serves every .br sibling the build made as brotli (each file finds its siblings)', async () => {
    const siblings = fs
      .readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.br'))
    expect(siblings.length).toBeGreaterThan(10)
    for (const sibling of siblings) {
      const file = sibling.slice(0, -'.br'.length).split(path.sep).join('/')
      const answer = await raw(`${t.url}/${file}`, { 'Accept-Encoding': 'br' })
      expect([file, answer.status, answer.headers['content-encoding']]).toEqual([file, 200, 'br'])
      expect(answer.body.equals(fs.readFileSync(path.join(clientDir, sibling)))).toBe(true)
      expect(zlib.brotliDecompressSync(answer.body).equals(fs.readFileSync(path.join(clientDir, file)))).toBe(true)
    }
  })

  it('keeps HEAD, Range and 304 (If-None-Match, If-Modified-Since) working on the compressed file', async () => {
    const url = `${t.url}/assets/${script}`
    const headers = { 'Accept-Encoding': 'br' }
    const head = await raw(url, headers, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-encoding']).toBe('br')
    expect(Number(head.headers['content-length'])).toBe(brFile.length)
    expect(head.body.length).toBe(0)

    const range = await raw(url, { ...headers, Range: 'bytes=0-99' })
    expect(range.status).toBe(206)
    expect(range.headers['content-range']).toBe(`bytes 0-99/${brFile.length}`)
    expect(range.body.equals(brFile.subarray(0, 100))).toBe(true)

    const first = await raw(url, headers)
    const etag = first.headers.etag!
    expect(etag).toBeTruthy()
    // Each coding is its own representation with its own validator.
    expect((await raw(url)).headers.etag).not.toBe(etag)
    const notModified = await raw(url, { ...headers, 'If-None-Match': etag })
    expect(notModified.status).toBe(304)
    expect(notModified.body.length).toBe(0)
    const sinceThen = await raw(url, { ...headers, 'If-Modified-Since': first.headers['last-modified']! })
    expect(sinceThen.status).toBe(304)
  })
})

describe('the polled ORBAT snapshot, compressed once per change', () => {
  it('answers brotli or gzip by Accept-Encoding with Vary and a per-coding ETag, decompressing to the raw JSON', async () => {
    await addSquad(t.database.db, {
      name: 'Alpha',
      slots: Array.from({ length: 30 }, (_, i) => ({ team: `Fireteam ${i % 4}`, role: `Rifleman ${i}` })),
    })
    markChanged()
    const url = `${t.url}/api/orbat`
    const plain = await raw(url)
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i)
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/)
    expect(plain.body.length).toBeGreaterThan(2048)
    const json = JSON.parse(plain.body.toString('utf8')) as unknown

    const br = await raw(url, { 'Accept-Encoding': 'gzip, deflate, br, zstd' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/Accept-Encoding/i)
    expect(br.headers['content-type']).toBe(plain.headers['content-type'])
    expect(Number(br.headers['content-length'])).toBe(br.body.length)
    expect(br.body.length).toBeLessThan(plain.body.length / 3)
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(json)
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true)

    const gzip = await raw(url, { 'Accept-Encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true)

    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3)

    // HEAD: the headers of the chosen representation, no body.
    const head = await raw(url, { 'Accept-Encoding': 'br' }, 'HEAD')
    expect([head.status, head.headers['content-encoding'], head.headers['content-length'], head.body.length]).toEqual([
      200,
      'br',
      String(br.body.length),
      0,
    ])
  })

  it('answers 304 to the ETag a client got, in its coding, and 200 again after a change', async () => {
    const url = `${t.url}/api/orbat`
    const accept = { 'Accept-Encoding': 'br' }
    const first = await raw(url, accept)
    const etag = first.headers.etag!
    const again = await raw(url, { ...accept, 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers.vary).toMatch(/Accept-Encoding/i)
    expect(again.body.length).toBe(0)
    const plainTag = (await raw(url)).headers.etag!
    expect((await raw(url, { 'If-None-Match': plainTag })).status).toBe(304)

    await addSquad(t.database.db, { name: 'Bravo', slots: [{ role: 'Pilot' }] })
    markChanged()
    const after = await raw(url, { ...accept, 'If-None-Match': etag })
    expect(after.status).toBe(200)
    expect(after.headers.etag).not.toBe(etag)
    expect(zlib.brotliDecompressSync(after.body).toString('utf8')).toContain('Bravo')
  })

  it('compresses once per change however many requests it answers, sending the cached bytes', async () => {
    markChanged()
    const before = compressionCount()
    const url = `${t.url}/api/orbat`
    const answers: Raw[] = []
    for (const accept of ['br', 'gzip', 'br', 'gzip, br', 'gzip', 'br'])
      answers.push(await raw(url, { 'Accept-Encoding': accept }))
    // One build of the snapshot: the ORBAT compressed once (the other three answers are under the threshold).
    expect(compressionCount() - before).toBe(1)
    const cached = peekSnapshot()!.parts.orbat.compressed
    for (const answer of answers)
      expect(answer.body.equals(cached[answer.headers['content-encoding'] as 'br' | 'gzip']!.body)).toBe(true)

    markChanged()
    await raw(url, { 'Accept-Encoding': 'br' })
    await raw(url, { 'Accept-Encoding': 'gzip' })
    expect(compressionCount() - before).toBe(2)
  })
})
