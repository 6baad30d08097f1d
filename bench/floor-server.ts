// The floor of the herd: a bare node:http + postgres.js server, in its own process, that does only what no sign-up can
// do without: per request one conditional UPDATE ... WHERE user_id IS NULL on the app's own database, with the app's
// pool size. No session, no rules, no framework: the app's p99 over this one is what everything else costs. The one
// rule it cannot skip is the unique index on slots.user_id (round 2's members fire at five slots): a member who already
// holds a slot is refused by the index, answered like a taken slot. POST /floor/<slot id> with the member's user id in
// x-user-id; 200 when taken, 409 when not. Prints "READY <url>". argv[2]: the database URL.
import http from 'node:http'
import postgres from 'postgres'

const sql = postgres(process.argv[2]!, { max: 10, onnotice: () => {} })

const server = http.createServer((req, res) => {
  const match = /^\/floor\/(\d+)$/.exec(req.url ?? '')
  const userId = Number(req.headers['x-user-id'])
  req.resume()
  // Anything else is the load generator opening its keep-alive connections.
  if (req.method !== 'POST' || !match || !Number.isInteger(userId)) {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 2 }).end('{}')
    return
  }
  const answer = (taken: boolean) => {
    const body = taken ? '{"message":"Successfully signed up!"}' : '{"error":"This slot is already taken."}'
    res.writeHead(taken ? 200 : 409, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    })
    res.end(body)
  }
  sql`update slots set user_id = ${userId} where id = ${Number(match[1])} and user_id is null and manual_username is null`.then(
    (result) => answer(result.count === 1),
    (error: unknown) => {
      if ((error as { code?: string }).code === '23505') return answer(false)
      res.writeHead(500).end(String(error))
    },
  )
})
server.keepAliveTimeout = 65_000
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`READY http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`)
})
process.on('SIGTERM', () => {
  server.close(() => void sql.end({ timeout: 2 }).then(() => process.exit(0)))
  server.closeAllConnections()
})
