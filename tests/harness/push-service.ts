// A push service of the tests' own (docs/rules/notifications.md): https with a throw-away certificate, which an app
// process trusts through NODE_EXTRA_CA_CERTS (`caFile`). Each device is a subscription made here with its own keys,
// so what arrives is decrypted as a browser would (RFC 8291, aes128gcm) and kept per device.
import crypto from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import selfsigned from 'selfsigned'
import { freePort } from '#server/database.ts'

export interface Delivered {
  device: string
  topic: string | undefined
  payload: { title: string; body: string; url: string; tag?: string }
}

export interface TestDevice {
  id: string
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface PushServiceStandIn {
  origin: string
  /** A PEM file of the certificate, for NODE_EXTRA_CA_CERTS. */
  caFile: string
  received: Delivered[]
  device: () => TestDevice
  /** Answers every push to this device with the status (410: the subscription is gone), after `afterMs`. */
  answer: (deviceId: string, status: number, afterMs?: number) => void
  /** How many pushes to this device have arrived (answered or not yet). */
  hits: (deviceId: string) => number
  /** Holds each answer this long (a push in flight when a sender dies). */
  delayMs: number
  close: () => Promise<void>
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length))

/** RFC 8291 with RFC 8188's aes128gcm: one record, padding delimited by 0x02. */
function decrypt(body: Buffer, ecdh: crypto.ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16)
  const idLength = body[20]!
  const serverKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const secret = ecdh.computeSecret(serverKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey])
  const ikm = hkdf(auth, secret, keyInfo, 32)
  const key = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12)
  const decipher = crypto.createDecipheriv('aes-128-gcm', key, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  let end = padded.length - 1
  while (end > 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('not the last record')
  return padded.subarray(0, end).toString('utf8')
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    notAfterDate: new Date(Date.now() + 86_400_000),
    keyType: 'ec',
    curve: 'P-256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'))
  const caFile = path.join(dir, 'ca.pem')
  fs.writeFileSync(caFile, pems.cert)
  const port = await freePort()
  const origin = `https://localhost:${port}`
  const devices = new Map<string, { ecdh: crypto.ECDH; auth: Buffer; status: number; afterMs: number }>()
  const received: Delivered[] = []
  const hits = new Map<string, number>()
  const service: PushServiceStandIn = {
    hits: (deviceId) => hits.get(deviceId) ?? 0,
    origin,
    caFile,
    received,
    delayMs: 0,
    device: () => {
      const id = crypto.randomUUID()
      const ecdh = crypto.createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = crypto.randomBytes(16)
      devices.set(id, { ecdh, auth, status: 201, afterMs: 0 })
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      }
    },
    answer: (deviceId, status, afterMs = 0) => {
      Object.assign(devices.get(deviceId)!, { status, afterMs })
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void (async () => {
        const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1]
        const device = id ? devices.get(id) : undefined
        if (id) hits.set(id, (hits.get(id) ?? 0) + 1)
        if (service.delayMs) await sleep(service.delayMs)
        if (!device) return void res.writeHead(404).end()
        if (device.afterMs) await sleep(device.afterMs)
        if (device.status !== 201) return void res.writeHead(device.status).end()
        const authorization = String(req.headers.authorization ?? '')
        if (req.headers['content-encoding'] !== 'aes128gcm' || !/^vapid t=.+, k=.+/.test(authorization))
          return void res.writeHead(400).end()
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), device.ecdh, device.auth)) as Delivered['payload']
        received.push({ device: id!, topic: req.headers.topic as string | undefined, payload })
        res.writeHead(201).end()
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  return service
}
