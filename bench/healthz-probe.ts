// The /healthz prober of the streams scenario (bench/streams.ts), in a process of its own so that the load generator's
// 3,000 connections never delay its clock. Asks GET /healthz from its own loopback address every 10 ms, one at a time,
// until told to stop on stdin; then prints each answer's time in ms as one JSON line.
//   npx tsx bench/healthz-probe.ts <app url> <local address>
import http from 'node:http'

const [appUrl, localAddress] = process.argv.slice(2) as [string, string]
const { hostname, port } = new URL(appUrl)
const times: number[] = []
let stopped = false

function ask(): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now()
    const req = http.get({ host: hostname, port, path: '/healthz', localAddress, agent: false }, (res) => {
      res.resume()
      res.on('end', () => {
        times.push(res.statusCode === 200 ? performance.now() - started : Number.POSITIVE_INFINITY)
        resolve()
      })
    })
    req.on('error', () => {
      times.push(Number.POSITIVE_INFINITY)
      resolve()
    })
  })
}

process.stdin.once('data', () => (stopped = true))
process.stdout.write('READY probing\n')
while (!stopped) {
  await ask()
  await new Promise((resolve) => setTimeout(resolve, 10))
}
process.stdout.write(`${JSON.stringify(times)}\n`)
process.exit(0)
