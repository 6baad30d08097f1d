import http from 'node:http'
import type { AddressInfo } from 'node:net'

// "The next deploy" for the service worker test in pwa.spec.ts: a small proxy in front of the e2e server that passes
// everything through, except that once `deploy()` is called it answers /sw.js as a new build's would differ: its list
// of files to precache lacks one the old build had. Browsers check /sw.js themselves (a test cannot intercept that
// fetch), and the built file on disk is shared by every spec, so the change is made here, on its own origin.

export interface NextBuildProxy {
  /** The proxy's origin: open the app here. */
  url: string
  /** The built file (`assets/...`) the next build no longer precaches. */
  dropped: string
  deploy: () => void
  close: () => Promise<void>
}

export async function startNextBuildProxy(appUrl: string): Promise<NextBuildProxy> {
  // The e2e server listens on 127.0.0.1 (tests/e2e/server.ts).
  const app = new URL(appUrl)
  const current = await (await fetch(new URL('/sw.js', app))).text()
  const entry = /\{"revision":null,"url":"(assets\/[^"]+)"\},?/.exec(current)
  if (!entry) throw new Error('sw.js lists no built file to precache')
  const next = current.replace(entry[0], '')
  let deployed = false

  const server = http.createServer((req, res) => {
    if (req.url === '/sw.js' && deployed) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' })
      res.end(next)
      return
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: app.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: app.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://localhost:${port}`,
    dropped: entry[1]!,
    deploy: () => {
      deployed = true
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
