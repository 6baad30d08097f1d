// The baseline: a bare node:http server that answers every request with the same bytes the app sent for it.
// Reads {key: {status, headers, body(base64)}} from the file given as argv[2]. The key is the request path and the
// headers that chose the answer (bench/answer-key.ts: a 304 row compares 304 with 304, a brotli row brotli with
// brotli). Prints "READY <url>".
import fs from 'node:fs'
import http from 'node:http'
import { answerKey } from './answer-key.ts'

interface Recorded {
  status: number
  headers: Record<string, string>
  body: string
}
const recorded = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Record<string, Recorded>
const answers = new Map(Object.entries(recorded).map(([p, r]) => [p, { ...r, bytes: Buffer.from(r.body, 'base64') }]))

const server = http.createServer((req, res) => {
  const url = req.url ?? ''
  const answer = answers.get(answerKey(url, req.headers)) ?? answers.get(url)
  if (!answer) {
    res.writeHead(404).end()
    return
  }
  const bodiless = answer.status === 204 || answer.status === 304
  res.writeHead(
    answer.status,
    bodiless ? answer.headers : { ...answer.headers, 'content-length': String(answer.bytes.length) },
  )
  res.end(bodiless ? undefined : answer.bytes)
})
server.keepAliveTimeout = 65_000
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`READY http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`)
})
process.on('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
