// The baseline: a bare node:http server that answers every request with the same bytes the app sent for it.
// Reads {path: {status, headers, body(base64)}} from the file given as argv[2]. Prints "READY <url>".
import fs from 'node:fs'
import http from 'node:http'

interface Recorded {
  status: number
  headers: Record<string, string>
  body: string
}
const recorded = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Record<string, Recorded>
const answers = new Map(Object.entries(recorded).map(([p, r]) => [p, { ...r, bytes: Buffer.from(r.body, 'base64') }]))

const server = http.createServer((req, res) => {
  const answer = answers.get(req.url ?? '')
  if (!answer) {
    res.writeHead(404).end()
    return
  }
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.bytes.length) })
  res.end(answer.bytes)
})
server.keepAliveTimeout = 65_000
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`READY http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
