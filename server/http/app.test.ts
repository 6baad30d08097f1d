import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPRESS_THRESHOLD_BYTES } from '../lib/encodings.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('HTTP hardening', () => {
  it('refuses a POST from a foreign Origin with 403 JSON', async () => {
    const response = await fetch(`${t.url}/auth/logout`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
      redirect: 'manual',
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ error: 'Cross-origin request refused.' })
  })

  it('refuses a cross-site fetch and a write without Origin or Referer', async () => {
    const crossSite = await fetch(`${t.url}/auth/logout`, {
      method: 'POST',
      headers: { Origin: t.url, 'Sec-Fetch-Site': 'cross-site' },
      redirect: 'manual',
    })
    expect(crossSite.status).toBe(403)
    const bare = await fetch(`${t.url}/api/anything`, { method: 'POST', redirect: 'manual' })
    expect(bare.status).toBe(403)
  })

  it('accepts a same-origin POST (Origin or Referer)', async () => {
    const viaOrigin = await fetch(`${t.url}/auth/logout`, {
      method: 'POST',
      headers: { Origin: t.url },
      redirect: 'manual',
    })
    expect(viaOrigin.status).toBe(302)
    const viaReferer = await fetch(`${t.url}/auth/logout`, {
      method: 'POST',
      headers: { Referer: `${t.url}/admin` },
      redirect: 'manual',
    })
    expect(viaReferer.status).toBe(302)
  })

  it('sends an enforced CSP with a fresh nonce per response, and the usual headers', async () => {
    const first = await fetch(`${t.url}/`)
    const second = await fetch(`${t.url}/`)
    const csp1 = first.headers.get('content-security-policy')!
    const csp2 = second.headers.get('content-security-policy')!
    const nonce1 = /'nonce-([^']+)'/.exec(csp1)?.[1]
    const nonce2 = /'nonce-([^']+)'/.exec(csp2)?.[1]
    expect(nonce1).toBeTruthy()
    expect(nonce1).not.toBe(nonce2)
    expect(csp1).toContain("object-src 'none'")
    expect(csp1).toContain("base-uri 'none'")
    expect(csp1).toContain("frame-ancestors 'none'")
    expect(first.headers.get('content-security-policy-report-only')).toBeNull()
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('referrer-policy')).toBeTruthy()
    // Every inline script of the page carries this response's nonce.
    const html = await first.text()
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!)
    expect(scripts.length).toBeGreaterThan(0)
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce1}"`)
  })

  it('answers unknown /api paths with 404 JSON, and unknown pages with the error screen', async () => {
    const api = await fetch(`${t.url}/api/does-not-exist`)
    expect(api.status).toBe(404)
    expect(api.headers.get('content-type')).toMatch(/application\/json/)
    expect(await api.json()).toEqual({ error: 'Not found.' })
    const page = await fetch(`${t.url}/no/such/page`)
    expect(page.status).toBe(404)
    const html = await page.text()
    expect(html).toContain('Unexpected Application Error!')
    expect(html).toContain('404 — this page does not exist')
  })

  it('refuses bodies over the limit with 413 JSON', async () => {
    const response = await fetch(`${t.url}/api/anything`, {
      method: 'POST',
      headers: { Origin: t.url, 'Content-Type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }),
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ error: 'Request body is too large.' })
  })

  it('reports health with the database reachable', async () => {
    const response = await fetch(`${t.url}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' })
  })

  it('answers admin API calls 401 anonymous and 403 for members', async () => {
    expect((await t.client().get('/api/admin/audit-log')).status).toBe(401)
    const member = await t.login('reyes')
    const denied = await member.get('/api/admin/audit-log')
    expect(denied.status).toBe(403)
    expect(await denied.json()).toEqual({ error: expect.any(String) })
    const admin = await t.login('demo_admin')
    const allowed = await admin.get('/api/admin/audit-log')
    expect(allowed.status).toBe(200)
    expect(Array.isArray(await allowed.json())).toBe(true)
  })

  it('rate limits the login routes per client IP (429 with Retry-After)', async () => {
    const limited = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } })
    try {
      const statuses: number[] = []
      let last: Response | undefined
      for (let i = 0; i < 4; i++) {
        last = await fetch(`${limited.url}/auth/discord`, { redirect: 'manual' })
        statuses.push(last.status)
      }
      expect(statuses).toEqual([302, 302, 302, 429])
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await last!.json()).toEqual({ error: expect.any(String) })
      // Other pages are not limited.
      expect((await fetch(`${limited.url}/`)).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

/** One GET over node:http, so the bytes on the wire are seen as sent (fetch would decompress them). */
function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

describe('caching', () => {
  it('sends what a signed-in person sees private and no-store (pages, their data, /api); a visitor’s pages are not', async () => {
    const member = await t.login('novak')
    for (const path of ['/account', '/orbat', '/orbat.data', '/api/roster', '/api/account/notifications']) {
      const answer = await member.fetch(path)
      await answer.arrayBuffer()
      expect([path, answer.headers.get('cache-control')]).toEqual([path, 'private, no-store'])
    }
    const visitor = await t.client().fetch('/orbat')
    await visitor.arrayBuffer()
    expect(visitor.status).toBe(200)
    expect(visitor.headers.get('cache-control') ?? '').not.toMatch(/private|no-store/)
  })
})

describe('compression', () => {
  it('sends pages compressed by Accept-Encoding (brotli, gzip), with Vary; identity when none is accepted', async () => {
    const plain = await rawGet(`${t.url}/`, 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString('utf8')).toContain('<!DOCTYPE html>')
    const br = await rawGet(`${t.url}/`, 'br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/Accept-Encoding/i)
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toContain('<!DOCTYPE html>')
    expect(br.body.length).toBeLessThan(plain.body.length / 2)
    const gzip = await rawGet(`${t.url}/`, 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.body).toString('utf8')).toContain('<!DOCTYPE html>')
  })

  it('compresses the built scripts too, and leaves answers under the threshold as they are', async () => {
    const page = (await rawGet(`${t.url}/`, 'identity')).body.toString('utf8')
    const script = page.match(/\/assets\/[\w.-]+\.js/)![0]
    const asset = await rawGet(`${t.url}${script}`, 'gzip')
    expect(asset.status).toBe(200)
    expect(asset.headers['content-encoding']).toBe('gzip')
    // An answer of known length under the threshold: the sign-up light path's (here its 401).
    const small = await fetch(`${t.url}/api/waitlist/leave`, {
      method: 'POST',
      headers: { Origin: t.url, 'Accept-Encoding': 'gzip, br' },
    })
    expect(small.status).toBe(401)
    expect(Number(small.headers.get('content-length'))).toBeLessThan(COMPRESS_THRESHOLD_BYTES)
    expect(small.headers.get('content-encoding')).toBeNull()
  })
})
