// Scenario "viewers": 1,000 open ORBAT pages for 60 s while other members sign up and leave (2 actions/s).
// Variant SSE (the app's design): every page holds GET /api/live; we count the snapshot events and time each change
// from the action's 200 to the event that shows it arriving at every page.
// Variant polling (the fallback when the live stream is down): every page polls the four endpoints every 5 s with
// If-None-Match.
import http from 'node:http'
import { StringDecoder } from 'node:string_decoder'
import type postgres from 'postgres'
import type { BenchMember } from './herd.ts'
import { request, type Answer } from './http-client.ts'
import { cpuSeconds, machineMeter, mapLimit, ms, percentile, printTable, progress, sleep, verdict } from './lib.ts'
import { restoreArrangement, type Arrangement } from './orbat-fixture.ts'

export const PAGES = 1000
/**
 * Pages share a client address in groups this large (a LAN event, a carrier NAT: dozens behind one address), so the
 * run also shows that the default stream caps per address and in all let a whole unit in.
 */
export const PAGES_PER_ADDRESS = 40

/** The loopback address page `i` connects from (127.0.1.x, ...): the server sees PAGES / PAGES_PER_ADDRESS clients. */
export function loopbackAddressOf(i: number): string {
  const group = Math.floor(i / PAGES_PER_ADDRESS)
  return `127.0.${1 + Math.floor(group / 250)}.${1 + (group % 250)}`
}
const DURATION_MS = 60_000
const ACTION_EVERY_MS = 500
/** A member leaves this many sign-ups later (about 4.5 s after signing up). */
const HOLD_PAIRS = 4
const POLL_EVERY_MS = 5_000
const POLLED = ['/api/orbat', '/api/waitlist', '/api/settings', '/api/waitlist/squads']
const TARGET_SSE_P99_MS = 1000
const TARGET_POLL_REQUEST_P99_MS = 50
const REQUEST_TIMEOUT_MS = 10_000

type SlotState = Map<number, number | null>

interface OrbatJson {
  slots: Array<{
    id: number
    user_id: number | null
    manual_username: string | null
    role: string
    required_role_id: string | null
  }>
}

function slotState(orbat: OrbatJson): SlotState {
  return new Map(orbat.slots.map((s) => [s.id, s.user_id]))
}

// ---------------------------------------------------------------------------------------------------------------
// The members acting while the pages watch.

interface Action {
  kind: 'signup' | 'leave'
  userId: number
  slotId: number
  sentAt: number
  /** When the 200 arrived; null if the action failed. */
  doneAt: number | null
  status: number
  ms: number
}

/** Sign-ups and leaves, alternating every ACTION_EVERY_MS, by members who hold nothing else, on open slots. */
async function runActions(appUrl: string, members: BenchMember[], durationMs: number): Promise<Action[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
  const actions: Action[] = []
  const inUse = new Set<number>()
  const signups: Array<Promise<Action | null>> = []
  const pending: Array<Promise<unknown>> = []
  let nextMember = 0

  const act = async (kind: Action['kind'], member: BenchMember, slotId: number): Promise<Action> => {
    const sentAt = performance.now()
    const answer: Answer = await request(agent, `${appUrl}/api/slot/${slotId}/${kind}`, {
      method: 'POST',
      headers: { cookie: member.cookie, origin: appUrl, 'content-length': '0' },
      timeoutMs: REQUEST_TIMEOUT_MS,
    })
    const action: Action = {
      kind,
      userId: member.userId,
      slotId,
      sentAt,
      doneAt: answer.status === 200 ? performance.now() : null,
      status: answer.status,
      ms: answer.ms,
    }
    actions.push(action)
    return action
  }

  const signUp = async (): Promise<Action | null> => {
    const member = members[nextMember++ % members.length]!
    // The current ORBAT, as a page would show it: an open slot this member may take (every lock but Pilot).
    const orbat = JSON.parse((await request(agent, `${appUrl}/api/orbat`)).body.toString()) as OrbatJson
    const open = orbat.slots.filter(
      (s) =>
        s.user_id === null &&
        s.manual_username === null &&
        !s.role.startsWith('---') &&
        s.required_role_id !== 'Pilot' &&
        !inUse.has(s.id),
    )
    const slot = open[Math.floor(open.length / 2)]
    if (!slot) return null
    inUse.add(slot.id)
    const action = await act('signup', member, slot.id)
    if (action.status !== 200) inUse.delete(slot.id)
    return action.status === 200 ? action : null
  }

  const started = performance.now()
  for (let tick = 0; performance.now() - started < durationMs; tick++) {
    if (tick % 2 === 0) {
      signups.push(signUp())
    } else {
      const pair = (tick - 1) / 2 - HOLD_PAIRS
      if (pair >= 0) {
        pending.push(
          signups[pair]!.then(async (signup) => {
            if (!signup) return
            const member = members.find((m) => m.userId === signup.userId)!
            await act('leave', member, signup.slotId)
            inUse.delete(signup.slotId)
          }),
        )
      }
    }
    const wait = started + (tick + 1) * ACTION_EVERY_MS - performance.now()
    if (wait > 0) await sleep(wait)
  }
  await Promise.all([...signups, ...pending])
  agent.destroy()
  return actions
}

/** True when the state shows the action done. */
function reflects(state: SlotState, action: Action): boolean {
  const holder = state.get(action.slotId)
  return action.kind === 'signup' ? holder === action.userId : holder !== action.userId
}

/**
 * For each successful action and each page: the first observation received after the action was sent whose content
 * shows it, minus the time its 200 arrived. Before the action was sent no content can show it (each member signs up
 * once and leaves once), so the first such observation is when that page learnt about it.
 */
function deliveryDelays(
  actions: Action[],
  pages: Array<{ observations: Array<{ at: number; key: string | number }> }>,
  contents: Map<string | number, SlotState>,
): { delays: number[]; missed: number; superseded: number; unknown: number } {
  const delays: number[] = []
  let missed = 0
  let superseded = 0
  let unknown = 0
  // A sign-up undone (left) before a page looked again was never on that page's screen: superseded, not missed.
  const undoneBy = new Map<Action, Action>()
  for (const action of actions) {
    if (action.kind !== 'signup') continue
    const leave = actions.find(
      (x) => x.kind === 'leave' && x.userId === action.userId && x.slotId === action.slotId && x.sentAt > action.sentAt,
    )
    if (leave) undoneBy.set(action, leave)
  }
  for (const action of actions) {
    if (action.doneAt === null) continue
    const undo = undoneBy.get(action)
    for (const page of pages) {
      let seen: number | null = null
      for (const o of page.observations) {
        if (o.at < action.sentAt) continue
        const state = contents.get(o.key)
        if (!state) {
          unknown++
          continue
        }
        if (reflects(state, action)) {
          seen = o.at
          break
        }
      }
      if (seen !== null) delays.push(Math.max(0, seen - action.doneAt))
      else if (undo && page.observations.some((o) => o.at >= undo.sentAt)) superseded++
      else missed++
    }
  }
  return { delays, missed, superseded, unknown }
}

// ---------------------------------------------------------------------------------------------------------------
// SSE pages.

const NLNL = Buffer.from('\n\n')

/** One open page on /api/live. Reads only the head of each event (its version) and when the event completed. */
class LivePage {
  observations: Array<{ at: number; key: number }> = []
  error: string | null = null
  ended = false
  private head = Buffer.alloc(0)
  private pendingNewline = false
  private req: http.ClientRequest | null = null
  private decoder: StringDecoder | null = null
  private text = ''

  /** The probe page keeps whole events, to learn what each version contains. */
  constructor(private readonly onEvent?: (data: string, at: number) => void) {
    if (onEvent) this.decoder = new StringDecoder('utf8')
  }

  open(url: string, timeoutMs: number, localAddress?: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.error ??= 'no snapshot within timeout'
        reject(new Error(this.error))
      }, timeoutMs)
      const first = () => {
        clearTimeout(timer)
        resolve()
      }
      const req = http.get(url, { agent: false, localAddress, headers: { accept: 'text/event-stream' } }, (res) => {
        if (res.statusCode !== 200) {
          this.error = `status ${res.statusCode}`
          res.resume()
          return
        }
        res.on('data', (chunk: Buffer) => {
          const before = this.observations.length
          this.onChunk(chunk)
          if (before === 0 && this.observations.length > 0) first()
        })
        res.on('end', () => {
          this.ended = true
        })
        res.on('error', (e) => {
          this.error ??= String(e)
        })
      })
      req.on('error', (e) => {
        this.error ??= String(e)
        clearTimeout(timer)
        reject(e)
      })
      this.req = req
    })
  }

  close() {
    this.req?.destroy()
  }

  private onChunk(chunk: Buffer) {
    const now = performance.now()
    if (this.decoder) this.text += this.decoder.write(chunk)
    let pos = 0
    if (this.pendingNewline) {
      this.pendingNewline = false
      if (chunk[0] === 10) {
        this.complete(now)
        pos = 1
      }
    }
    while (pos < chunk.length) {
      const i = chunk.indexOf(NLNL, pos)
      const end = i < 0 ? chunk.length : i
      if (this.head.length < 64)
        this.head = Buffer.concat([this.head, chunk.subarray(pos, Math.min(end, pos + 64 - this.head.length))])
      if (i < 0) {
        this.pendingNewline = chunk[chunk.length - 1] === 10
        break
      }
      this.complete(now)
      pos = i + 2
    }
  }

  private complete(at: number) {
    const head = this.head.toString('latin1')
    this.head = Buffer.alloc(0)
    if (this.decoder) {
      const end = this.text.indexOf('\n\n')
      const block = end < 0 ? this.text : this.text.slice(0, end)
      this.text = end < 0 ? '' : this.text.slice(end + 2)
      if (block.startsWith('event: snapshot\n')) this.onEvent!(block.slice(block.indexOf('data: ') + 6), at)
    }
    if (!head.startsWith('event: snapshot\n')) return
    const version = /"version":(\d+)/.exec(head)
    if (version) this.observations.push({ at, key: Number(version[1]) })
  }
}

interface VariantResult {
  name: string
  pages: number
  connected: number
  actions: Action[]
  received: string
  errors: number
  errorText: string
  delays: number[]
  missed: number
  requestP50: number
  requestP99: number
  met: boolean
  target: string
  /** CPU use during the measured window, in % of one core: the app, PostgreSQL, this load generator. */
  cpu: string
}

/** CPU of the app, its PostgreSQL and this process over a window, as % of one core. */
function cpuMeter(appPid: number | undefined) {
  const app0 = appPid ? cpuSeconds(appPid) : { self: 0, descendants: 0 }
  const own0 = process.cpuUsage()
  const t0 = performance.now()
  const machine = machineMeter()
  return () => {
    const seconds = (performance.now() - t0) / 1000
    const app1 = appPid ? cpuSeconds(appPid) : { self: 0, descendants: 0 }
    const own = process.cpuUsage(own0)
    const pct = (s: number) => `${((100 * s) / seconds).toFixed(0)}%`
    return `app ${pct(app1.self - app0.self)}, PostgreSQL ${pct(app1.descendants - app0.descendants)}, load generator ${pct((own.user + own.system) / 1e6)} of one core; ${machine()}`
  }
}

async function sseVariant(appPid: number | undefined, appUrl: string, members: BenchMember[]): Promise<VariantResult> {
  const contents = new Map<string | number, SlotState>()
  const probe = new LivePage((data, at) => {
    void at
    const parsed = JSON.parse(data) as { version: number; orbat: OrbatJson }
    contents.set(parsed.version, slotState(parsed.orbat))
  })
  await probe.open(`${appUrl}/api/live`, 10_000)
  const pages = Array.from({ length: PAGES }, () => new LivePage())
  progress(
    `viewers (SSE): opening ${PAGES} live connections from ${Math.ceil(PAGES / PAGES_PER_ADDRESS)} addresses, ${PAGES_PER_ADDRESS} each, under the default stream caps`,
  )
  const opened = await mapLimit(pages, 50, (page, i) =>
    page.open(`${appUrl}/api/live`, 15_000, loopbackAddressOf(i)).then(
      () => true,
      () => false,
    ),
  )
  const connected = opened.filter(Boolean).length
  progress(`viewers (SSE): ${connected} connected; 2 sign-ups/leaves per second for ${DURATION_MS / 1000} s`)
  const baseline = pages.map((p) => p.observations.length)
  const meter = cpuMeter(appPid)
  const actions = await runActions(appUrl, members, DURATION_MS)
  const cpu = meter()
  await sleep(3000) // the last push (coalesced 150 ms) reaches everyone
  const finalVersion = Math.max(...(contents.keys() as IterableIterator<number>))
  for (const page of [probe, ...pages]) page.close()

  const { delays, missed, superseded } = deliveryDelays(actions, pages, contents)
  const events = pages.map((p, i) => p.observations.length - baseline[i]!)
  const totalEvents = events.reduce((s, n) => s + n, 0)
  const stale = pages.filter((p) => (p.observations.at(-1)?.key ?? -1) < finalVersion).length
  const dropped = pages.filter((p) => p.ended || p.error).length
  const errors = PAGES - connected + dropped + stale + missed
  const failedActions = actions.filter((x) => x.doneAt === null).length
  const actionMs = actions.map((x) => x.ms)
  const p99 = percentile(delays, 99)
  return {
    name: 'SSE /api/live',
    pages: PAGES,
    connected,
    actions,
    received: `${totalEvents} events (${Math.min(...events)}-${Math.max(...events)} per page)`,
    errors,
    errorText: `${PAGES - connected} not connected, ${dropped} dropped, ${stale} not at the last version, ${missed} changes never seen (${superseded} page x change pairs superseded within a coalescing window)`,
    delays,
    missed,
    requestP50: percentile(actionMs, 50),
    requestP99: percentile(actionMs, 99),
    met: errors === 0 && failedActions === 0 && p99 < TARGET_SSE_P99_MS,
    target: `delivery p99 < ${TARGET_SSE_P99_MS} ms, 0 errors`,
    cpu,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Polling pages.

async function pollingVariant(
  appPid: number | undefined,
  appUrl: string,
  members: BenchMember[],
): Promise<VariantResult> {
  const contents = new Map<string | number, SlotState>()
  // Each page keeps one connection, like a browser tab polling over keep-alive.
  const agent = new http.Agent({ keepAlive: true, maxSockets: PAGES, maxFreeSockets: PAGES })
  const latencies: number[] = []
  let errors = 0
  const errorKinds = new Map<string, number>()
  let responses = 0
  let notModified = 0
  const series: Array<[number, number]> = []

  const pages = Array.from({ length: PAGES }, () => ({
    etags: new Map<string, string>(),
    observations: [] as Array<{ at: number; key: string }>,
  }))
  const poll = async (page: (typeof pages)[number], measure: boolean) => {
    await Promise.all(
      POLLED.map(async (path) => {
        const etag = page.etags.get(path)
        const answer = await request(agent, appUrl + path, {
          headers: etag ? { 'if-none-match': etag } : {},
          timeoutMs: REQUEST_TIMEOUT_MS,
        })
        const at = performance.now()
        if (answer.status !== 200 && answer.status !== 304) {
          if (measure) {
            errors++
            const kind = answer.status === 0 ? (answer.error ?? 'network') : `status ${answer.status}`
            errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1)
          }
          return
        }
        if (measure) {
          latencies.push(answer.ms)
          series.push([at, answer.ms])
          responses++
          if (answer.status === 304) notModified++
        }
        const tag = String(answer.headers.etag ?? '')
        if (answer.status === 200) page.etags.set(path, tag)
        if (path === '/api/orbat') {
          const current = page.etags.get(path)!
          if (answer.status === 200 && !contents.has(current))
            contents.set(current, slotState(JSON.parse(answer.body.toString()) as OrbatJson))
          if (measure) page.observations.push({ at, key: current })
        }
      }),
    )
  }

  progress(`viewers (polling): loading ${PAGES} pages`)
  await mapLimit(pages, 50, (page) => poll(page, false))
  progress(
    `viewers (polling): ${PAGES} pages polling 4 endpoints every ${POLL_EVERY_MS / 1000} s; 2 sign-ups/leaves per second for ${DURATION_MS / 1000} s`,
  )
  let running = true
  const loops = pages.map(async (page) => {
    await sleep(Math.random() * POLL_EVERY_MS)
    while (running) {
      const next = performance.now() + POLL_EVERY_MS
      await poll(page, true)
      const wait = next - performance.now()
      if (running && wait > 0) await sleep(Math.min(wait, POLL_EVERY_MS))
    }
  })
  const meter = cpuMeter(appPid)
  const actions = await runActions(appUrl, members, DURATION_MS)
  const cpu = meter()
  await sleep(POLL_EVERY_MS + 1000) // every page polls once more after the last change
  running = false
  await Promise.all(loops)
  agent.destroy()

  if (process.env.BENCH_DEBUG) {
    const t0 = series[0]?.[0] ?? 0
    const bySecond = new Map<number, number[]>()
    for (const [at, v] of series)
      bySecond.set(Math.floor((at - t0) / 1000), [...(bySecond.get(Math.floor((at - t0) / 1000)) ?? []), v])
    for (const [sec, v] of bySecond)
      progress(
        `poll latency second ${sec}: n=${v.length} p50=${ms(percentile(v, 50))} p99=${ms(percentile(v, 99))} max=${ms(percentile(v, 100))}`,
      )
    for (const x of actions)
      progress(`action ${x.kind} at ${((x.sentAt - t0) / 1000).toFixed(1)} s: ${x.status} in ${ms(x.ms)} ms`)
  }
  const { delays, missed, superseded } = deliveryDelays(actions, pages, contents)
  const failedActions = actions.filter((x) => x.doneAt === null).length
  const p99 = percentile(latencies, 99)
  const deliveryP99 = percentile(delays, 99)
  return {
    name: 'polling, 4 endpoints / 5 s',
    pages: PAGES,
    connected: PAGES,
    actions,
    received: `${responses} answers (${notModified} x 304)`,
    errors: errors + missed,
    errorText: `${errors} failed requests${errorKinds.size ? ` (${[...errorKinds].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}, ${missed} changes never seen (${superseded} page x sign-up pairs not seen because the member left before the page polled again: expected with 5 s polls)`,
    delays,
    missed,
    requestP50: percentile(latencies, 50),
    requestP99: p99,
    met:
      errors + missed === 0 &&
      failedActions === 0 &&
      p99 < TARGET_POLL_REQUEST_P99_MS &&
      deliveryP99 < POLL_EVERY_MS + 1000,
    target: `request p99 < ${TARGET_POLL_REQUEST_P99_MS} ms, delivery p99 < ${(POLL_EVERY_MS + 1000) / 1000} s, 0 errors`,
    cpu,
  }
}

export async function viewersScenario(
  appPid: number | undefined,
  appUrl: string,
  sql: postgres.Sql,
  a: Arrangement,
  members: BenchMember[],
  options: { sse: boolean; polling: boolean },
): Promise<{ ok: boolean; figures: string }> {
  const results: VariantResult[] = []
  if (options.sse) {
    await restoreArrangement(sql, a)
    await sleep(300)
    results.push(await sseVariant(appPid, appUrl, members.slice(0, 200)))
  }
  if (options.polling) {
    await restoreArrangement(sql, a)
    await sleep(300)
    results.push(await pollingVariant(appPid, appUrl, members.slice(200, 400)))
  }
  const rows = results.map((r) => {
    const ok = r.actions.filter((x) => x.doneAt !== null)
    return [
      r.name,
      `${r.connected} / ${r.pages}`,
      `${ok.filter((x) => x.kind === 'signup').length}+${ok.filter((x) => x.kind === 'leave').length} (${r.actions.length - ok.length} failed)`,
      `${ms(
        percentile(
          r.actions.map((x) => x.ms),
          50,
        ),
      )} / ${ms(
        percentile(
          r.actions.map((x) => x.ms),
          99,
        ),
      )}`,
      r.received,
      `${ms(percentile(r.delays, 50))} / ${ms(percentile(r.delays, 99))} / ${ms(percentile(r.delays, 100))}`,
      r.name.startsWith('SSE') ? '-' : `${ms(r.requestP50)} / ${ms(r.requestP99)}`,
      `${r.errors}`,
      `${verdict(r.met)} (${r.target})`,
    ]
  })
  printTable(
    `viewers: ${PAGES} open ORBAT pages for ${DURATION_MS / 1000} s while members sign up and leave (2 per second)`,
    [
      'variant',
      'pages',
      'sign-ups+leaves',
      'action p50/p99 ms',
      'received',
      'delivery p50/p99/max ms',
      'poll p50/p99 ms',
      'errors',
      'target',
    ],
    rows,
    [
      ...results.map((r) => `${r.name} errors: ${r.errorText}.`),
      ...results.map((r) => `${r.name} CPU during the 60 s: ${r.cpu}.`),
      "Delivery: from a sign-up/leave's 200 to the moment each page has the snapshot that shows it (every page x every change).",
    ],
  )
  return {
    ok: results.every((r) => r.met),
    figures: results
      .map(
        (r) =>
          `${r.name.startsWith('SSE') ? 'SSE' : 'polling'}: delivery p99 ${ms(percentile(r.delays, 99))} ms${r.name.startsWith('SSE') ? '' : `, request p99 ${ms(r.requestP99)} ms`}, ${r.errors} errors`,
      )
      .join('; '),
  }
}
