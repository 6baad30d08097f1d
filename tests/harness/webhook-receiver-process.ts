// The tests' webhook receiver in its own process (tests/harness/webhook-receiver.ts starts it): https with a
// throw-away certificate, which the sender's process trusts through NODE_EXTRA_CA_CERTS. Every request is reported to
// the parent over IPC (path, the Standard Webhooks headers, the raw body); each path answers as the parent planned
// (a status, after a delay), else 200.
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import selfsigned from 'selfsigned'
import { freePort } from '#server/database.ts'

interface Answer {
  status: number
  delayMs?: number
  /** The answer's body (else `answered <status>`). */
  body?: string
  /** A Location header (a redirect). */
  location?: string
}

const plans = new Map<string, Answer[]>()
const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
  notAfterDate: new Date(Date.now() + 86_400_000),
  keyType: 'ec',
  curve: 'P-256',
  extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
})
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-receiver-'))
const caFile = path.join(dir, 'ca.pem')
fs.writeFileSync(caFile, pems.cert)
const port = await freePort()

process.on('message', (message: { plan?: { path: string; answers: Answer[] }; seq?: number }) => {
  if (message.plan) plans.set(message.plan.path, [...message.plan.answers])
  process.send!({ ack: message.seq })
})

const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    void (async () => {
      const at = Date.now()
      const route = req.url ?? '/'
      const answer = plans.get(route)?.shift() ?? { status: 200 }
      process.send!({
        received: {
          path: route,
          at,
          headers: {
            'webhook-id': String(req.headers['webhook-id'] ?? ''),
            'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
            'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
          },
          body: Buffer.concat(chunks).toString('utf8'),
        },
      })
      if (answer.delayMs) await sleep(answer.delayMs)
      if (!res.destroyed)
        res
          .writeHead(answer.status, {
            'content-type': 'text/plain',
            ...(answer.location ? { location: answer.location } : {}),
          })
          .end(answer.body ?? `answered ${answer.status}`)
    })()
  })
})
server.listen(port, '127.0.0.1', () => process.send!({ ready: { origin: `https://localhost:${port}`, caFile } }))
process.once('disconnect', () => {
  server.closeAllConnections()
  server.close()
  fs.rmSync(dir, { recursive: true, force: true })
  process.exit(0)
})
