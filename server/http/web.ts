import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'

/** Builds a Fetch API Request from an Express request whose body was already read into req.body (a Buffer). */
export function toWebRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`
  const url = new URL(req.originalUrl || req.url, origin)
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(key, v)
    else headers.set(key, value)
  }
  const controller = new AbortController()
  res.on('close', () => controller.abort())
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const body = hasBody && Buffer.isBuffer(req.body) && req.body.length > 0 ? new Uint8Array(req.body) : undefined
  if (hasBody && !body) headers.delete('content-length')
  return new Request(url, { method: req.method, headers, body, signal: controller.signal })
}

const SINGLE_VALUED = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'etag',
  'last-modified',
  'location',
])

/** Writes a Fetch API Response to Express, streaming the body and keeping every Set-Cookie header. */
export async function sendWebResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status)
  if (response.statusText) res.statusMessage = response.statusText
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue
    // NOTE: the answer's own type and length replace what a middleware before it set (Express refuses a Content-Type
    // appended to another, a 500); list headers (Vary, Link, Cache-Control ...) keep what came before.
    if (SINGLE_VALUED.has(key)) res.setHeader(key, value)
    else res.append(key, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.setHeader('Set-Cookie', cookies)
  if (!response.body) {
    res.end()
    return
  }
  await new Promise<void>((resolve) => {
    const stream = Readable.fromWeb(response.body as unknown as NodeReadableStream)
    stream.on('error', () => {
      res.destroy()
      resolve()
    })
    res.on('close', resolve)
    stream.pipe(res)
  })
}
