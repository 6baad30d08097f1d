import type { IncomingMessage } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import Negotiator from 'negotiator'
import { singleton } from '../singleton.ts'

/** Below this an answer goes out as is: compressing a small answer costs more than the bytes it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024

type Coding = 'br' | 'gzip'

/** One representation of an answer: the bytes sent and their strong ETag. */
interface Representation {
  body: Buffer
  etag: string
}

/** An answer kept ready to send many times over: its raw bytes and the compressed ones (none below the threshold). */
export interface Prepared extends Representation {
  compressed: Partial<Record<Coding, Representation>>
}

// Brotli's quality 5 gets within about 20% of its maximum (11) in a fiftieth of the time: the polled snapshot is
// compressed after every change, and during a sign-up rush that is several times a second (docs/decisions/027).
const BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

// Per process, whichever copy of this module compressed (the React Router build bundles its own: server/singleton.ts).
const counter = singleton('http:compressions', () => ({ bodies: 0 }))
/** How many bodies prepare() has compressed since the process started (tests show it runs once per change). */
export const compressionCount = () => counter.bodies

/**
 * Raw bytes with an ETag, plus their brotli and gzip forms made once, here, never per request. Each coding has its
 * own strong ETag ("<tag>.br"): a strong validator names exact bytes, so a cache must never take one for another.
 */
export async function prepare(body: Buffer, etag: string): Promise<Prepared> {
  if (body.length < COMPRESS_THRESHOLD_BYTES) return { body, etag, compressed: {} }
  counter.bodies += 1
  const [br, gz] = await Promise.all([
    brotli(body, { ...BROTLI, params: { ...BROTLI.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body),
  ])
  return {
    body,
    etag,
    compressed: { br: { body: br, etag: codingEtag(etag, 'br') }, gzip: { body: gz, etag: codingEtag(etag, 'gzip') } },
  }
}

const codingEtag = (etag: string, coding: Coding) => `${etag.slice(0, -1)}.${coding}"`

const CODINGS: readonly Coding[] = ['br', 'gzip']
/**
 * Accept-Encoding values already negotiated, and the coding each gets. Browsers send a handful of values, and parsing
 * one costs about as much again as the rest of a poll's answer (bench/poll.ts); the clients pick the keys, so it is
 * kept small.
 */
const chosenFor = new Map<string, Coding | null>()
const CHOSEN_FOR_MAX = 64

function codingFor(acceptEncoding: string): Coding | null {
  let chosen = chosenFor.get(acceptEncoding)
  if (chosen === undefined) {
    // Brotli first when the client rates both alike, as browsers do.
    const best = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding([...CODINGS, 'identity'], {
      preferred: CODINGS,
    })
    chosen = CODINGS.find((coding) => coding === best) ?? null
    if (chosenFor.size >= CHOSEN_FOR_MAX) chosenFor.clear()
    chosenFor.set(acceptEncoding, chosen)
  }
  return chosen
}

/** The representation this request gets by Accept-Encoding; no Accept-Encoding, or nothing acceptable: the raw bytes. */
export function pickRepresentation(
  req: IncomingMessage,
  prepared: Prepared,
): { coding: Coding | null; representation: Representation } {
  const header = req.headers['accept-encoding']
  const coding = header ? codingFor(header) : null
  const representation = coding ? prepared.compressed[coding] : undefined
  return coding && representation ? { coding, representation } : { coding: null, representation: prepared }
}
