// The push service for the push bench (bench/push.ts), in its own process so that decrypting 2,000 messages never
// shares a thread with the load generator: the tests' stand-in (tests/harness/push-service.ts: https with a throw-away
// certificate, each device with its own keys, every message decrypted as a browser would), with argv[2] devices made
// up front and written to a JSON file (then argv[3] dead devices, slow to fail), and a plain-http control port that says
// what arrived and when.
// Prints "READY <push origin> <certificate PEM file> <devices JSON file> <control url>".
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '#server/database.ts'
import { startPushService, type Delivered } from '../tests/harness/push-service.ts'

const count = Number(process.argv[2] ?? 2000)
/** Devices that are dead and slow to say so (each push answered 500 after DEAD_AFTER_MS), listed after the live ones. */
const dead = Number(process.argv[3] ?? 0)
const DEAD_AFTER_MS = 3000
// A real push service runs on other machines: here it takes only the CPU the app and PostgreSQL leave over (its TLS
// and decryption cost about as much as the sender's own work), so what the herd feels is the sender, not the stand-in.
os.setPriority(10)
const service = await startPushService()
const devices = Array.from({ length: count }, () => service.device())
for (let i = 0; i < dead; i++) {
  const device = service.device()
  service.answer(device.id, 500, DEAD_AFTER_MS)
  devices.push(device)
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-bench-devices-'))
const devicesFile = path.join(dir, 'devices.json')
fs.writeFileSync(devicesFile, JSON.stringify(devices))

// The stand-in keeps what it decrypted, not when: each arrival is stamped as it is kept.
const arrivals: number[] = []
const keep = service.received.push.bind(service.received)
service.received.push = (...items: Delivered[]) => {
  for (let i = 0; i < items.length; i++) arrivals.push(Date.now())
  return keep(...items)
}

export interface PushServiceStats {
  /** Per title: messages, distinct devices, the most any one device got, first and last arrival (epoch ms). */
  titles: Record<string, { messages: number; devices: number; mostToOneDevice: number; first: number; last: number }>
  /** Every decrypted payload held { title, body, url }. */
  wellFormed: boolean
}

function stats(): PushServiceStats {
  const titles: PushServiceStats['titles'] = {}
  const perDevice = new Map<string, Map<string, number>>()
  let wellFormed = true
  service.received.forEach((d, i) => {
    const { title, body, url } = d.payload
    if (typeof title !== 'string' || typeof body !== 'string' || typeof url !== 'string') wellFormed = false
    const at = arrivals[i]!
    const t = (titles[title] ??= { messages: 0, devices: 0, mostToOneDevice: 0, first: at, last: at })
    t.messages++
    t.first = Math.min(t.first, at)
    t.last = Math.max(t.last, at)
    const byDevice = perDevice.get(title) ?? new Map<string, number>()
    perDevice.set(title, byDevice.set(d.device, (byDevice.get(d.device) ?? 0) + 1))
  })
  for (const [title, byDevice] of perDevice) {
    titles[title]!.devices = byDevice.size
    titles[title]!.mostToOneDevice = Math.max(...byDevice.values())
  }
  return { titles, wellFormed }
}

const controlPort = await freePort()
const control = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/reset') {
    service.received.length = 0
    arrivals.length = 0
    return void res.writeHead(204).end()
  }
  if (req.url === '/stats')
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats()))
  res.writeHead(404).end()
})
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', () => resolve()))
process.stdout.write(`READY ${service.origin} ${service.caFile} ${devicesFile} http://127.0.0.1:${controlPort}\n`)

const stop = async () => {
  control.close()
  await service.close()
  fs.rmSync(dir, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
