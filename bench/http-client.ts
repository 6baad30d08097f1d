// The load generator's HTTP: logging in through the Discord stand-in like a browser, and plain node:http requests on
// keep-alive agents (so a burst reuses connections that are already open, as browsers' are).
import http from 'node:http'

/** Logs a stand-in user in through the real OAuth flow. Returns the Cookie header of the session. */
export async function login(appUrl: string, discordUserId: string): Promise<string> {
  const jar = new Map<string, string>()
  const store = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      if (value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(name)
      else jar.set(name, value)
    }
  }
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')

  const start = await fetch(`${appUrl}/auth/discord`, { redirect: 'manual' })
  store(start)
  await start.arrayBuffer()
  if (start.status !== 302) throw new Error(`/auth/discord answered ${start.status}`)
  const authorize = new URL(start.headers.get('location')!)
  const pick = await fetch(authorize, {
    method: 'POST',
    body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), user_id: discordUserId }),
    redirect: 'manual',
  })
  await pick.arrayBuffer()
  if (pick.status !== 302) throw new Error(`stand-in authorize answered ${pick.status}`)
  const callback = await fetch(new URL(pick.headers.get('location')!, appUrl), {
    headers: { cookie: cookie() },
    redirect: 'manual',
  })
  store(callback)
  await callback.arrayBuffer()
  if (callback.status !== 302 || !jar.has('session'))
    throw new Error(`callback answered ${callback.status} without a session`)
  return `session=${jar.get('session')}`
}

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
  /** Milliseconds from `sentAt` (or the call) to the end of the body. */
  ms: number
  error?: string
}

/** One request; never rejects (network errors come back as status 0). */
export function request(
  agent: http.Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; timeoutMs?: number; sentAt?: number } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const started = options.sentAt ?? performance.now()
    const req = http.request(url, { agent, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      )
      res.on('error', (e) =>
        resolve({ status: 0, headers: {}, body: Buffer.alloc(0), ms: performance.now() - started, error: String(e) }),
      )
    })
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error('timeout')))
    req.on('error', (e) =>
      resolve({ status: 0, headers: {}, body: Buffer.alloc(0), ms: performance.now() - started, error: String(e) }),
    )
    req.end()
  })
}

/** Sends every request in one synchronous loop ("at the same instant"); each answer is timed from that moment. */
export function burst(
  agent: http.Agent,
  requests: Array<{ url: string; method: string; headers: Record<string, string> }>,
  timeoutMs: number,
): Promise<Answer[]> {
  const t0 = performance.now()
  return Promise.all(
    requests.map((r) => request(agent, r.url, { method: r.method, headers: r.headers, timeoutMs, sentAt: t0 })),
  )
}

/**
 * Opens one keep-alive connection per page (concurrent GETs) with that page's headers, so a burst pays neither for
 * connecting nor for a first read of the member's session: as a browser with the ORBAT page already open.
 */
export async function openPages(
  agent: http.Agent,
  pages: Array<{ url: string; headers?: Record<string, string> }>,
): Promise<void> {
  let pending = pages
  // A slow server may time some of thousands of simultaneous page loads out: those load again.
  for (let attempt = 0; attempt < 3 && pending.length; attempt++) {
    const answers = await Promise.all(pending.map((p) => request(agent, p.url, { headers: p.headers })))
    pending = pending.filter((_, i) => answers[i]!.status !== 200 && answers[i]!.status !== 304)
  }
  if (pending.length) throw new Error(`${pending.length} of ${pages.length} warm-up requests failed`)
}
