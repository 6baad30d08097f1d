// The webhook receiver for the webhooks bench (bench/webhooks.ts), in its own process so that its TLS never shares a
// thread with the load generator: https with a throw-away certificate (the app trusts it through NODE_EXTRA_CA_CERTS),
// answering every POST 200 and counting, per path, the messages, the distinct webhook-ids and when the first and the
// last arrived; a plain-http control port says so (/stats) and forgets (/reset).
// Prints "READY <receiver origin> <certificate PEM file> <control url>".
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import selfsigned from 'selfsigned'
import { freePort } from '#server/database.ts'

export interface ReceiverStats {
  paths: Record<string, { messages: number; ids: number; first: number; last: number; signed: boolean }>
}

// A real receiver runs on another machine: here it takes only the CPU the app and PostgreSQL leave over.
os.setPriority(10)
const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
  notAfterDate: new Date(Date.now() + 86_400_000),
  keyType: 'ec',
  curve: 'P-256',
  extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
})
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-bench-'))
const caFile = path.join(dir, 'ca.pem')
fs.writeFileSync(caFile, pems.cert)

let paths = new Map<string, { messages: number; ids: Set<string>; first: number; last: number; signed: boolean }>()
const port = await freePort()
const receiver = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
  req.resume()
  req.on('end', () => {
    const at = Date.now()
    const id = String(req.headers['webhook-id'] ?? '')
    const signed =
      /^v1,/.test(String(req.headers['webhook-signature'] ?? '')) &&
      /^\d+$/.test(String(req.headers['webhook-timestamp']))
    const p = paths.get(req.url ?? '/') ?? { messages: 0, ids: new Set<string>(), first: at, last: at, signed: true }
    p.messages++
    p.ids.add(id)
    p.last = at
    p.signed &&= signed
    paths.set(req.url ?? '/', p)
    res.writeHead(200).end()
  })
})
await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', () => resolve()))

const controlPort = await freePort()
const control = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/reset') {
    paths = new Map()
    return void res.writeHead(204).end()
  }
  if (req.url === '/stats') {
    const stats: ReceiverStats = {
      paths: Object.fromEntries(
        [...paths].map(([p, s]) => [
          p,
          { messages: s.messages, ids: s.ids.size, first: s.first, last: s.last, signed: s.signed },
        ]),
      ),
    }
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats))
  }
  res.writeHead(404).end()
})
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', () => resolve()))
process.stdout.write(`READY https://localhost:${port} ${caFile} http://127.0.0.1:${controlPort}\n`)

const stop = () => {
  control.close()
  receiver.close()
  fs.rmSync(dir, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
