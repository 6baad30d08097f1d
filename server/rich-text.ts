import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import { RICH_TEXT, richTextDepth } from '#contracts/assessments.ts'
import { Invalid, Unavailable } from './errors.ts'
import { singleton } from './singleton.ts'

// Rich text is sanitised on write, and pages render only what was stored (docs/rules/assessments.md, Rich text;
// docs/decisions/032-rich-text-in-a-worker.md). The sanitiser (server/rich-text-sanitizer.ts) runs in one worker
// thread: a large question costs that thread, not every other request, and /healthz never waits for it. Input over
// the size or nesting limit never reaches it (the contract refuses it first, and so does this module).

/** A sanitising that takes longer than this is given up (503, try again): the thread is replaced. */
const SANITIZE_TIMEOUT_MS = 10_000
const SANITIZE_BUSY = 'Too many questions are being saved at once. Please try again in a moment.'
/** Questions waiting for the thread at once; past that the save is refused (503) rather than queued without end. */
const MAX_QUEUE = 64

// NOTE: route modules run a bundled copy of this file from build/server/, where the worker file is not. The process
// loads this source file first (server/start.ts imports it), so the one pool of the process is made here, with the
// worker's path taken from the source file's own place.
const pool = singleton(
  'rich-text:pool',
  () => ({
    current: null as Piscina | null,
    worker: fileURLToPath(new URL('./rich-text-worker.mjs', import.meta.url)),
  }),
  { keep: true },
)

function sanitizerPool(): Piscina {
  pool.current ??= new Piscina({
    filename: pool.worker,
    minThreads: 0,
    maxThreads: 1,
    // jsdom costs tens of MB: the thread goes away when nobody has saved a question for a minute.
    idleTimeout: 60_000,
    maxQueue: MAX_QUEUE,
  })
  return pool.current
}

/**
 * The stored form of rich text: only the allow-listed tags, attributes and styles; link addresses other than http,
 * https, mailto, tel (or a path on this site) and image addresses other than http(s) or an uploaded image are
 * dropped, and an image left without an address is dropped with it. Refuses (400) input over the limits, before and
 * after sanitising.
 */
export async function sanitizeRichText(html: string, messages: RichTextMessages): Promise<string> {
  if (html.length > RICH_TEXT.maxLength) throw new Invalid(messages.tooLong)
  if (richTextDepth(html) > RICH_TEXT.maxDepth) throw new Invalid(messages.tooDeep)
  let clean: string
  const sanitizer = sanitizerPool()
  try {
    // A cold thread first loads jsdom, which on a busy machine alone can take seconds: that start is not the input's
    // doing, so the clock below only runs once a thread is up.
    if (sanitizer.threads.length === 0) await sanitizer.run('')
    const signal = AbortSignal.timeout(SANITIZE_TIMEOUT_MS)
    try {
      clean = (await sanitizer.run(html, { signal })) as string
    } catch (error) {
      // Input within the limits that still takes this long means a machine too busy to check it now, not a bad input.
      if (signal.aborted) throw new Unavailable(SANITIZE_BUSY)
      throw error
    }
  } catch (error) {
    if (error instanceof Error && /queue/i.test(error.message)) throw new Unavailable(SANITIZE_BUSY)
    throw error
  }
  // Escaping can lengthen what was sent (`&` becomes `&amp;`): the stored form keeps the limits too, the depth
  // measured again on what the parser built.
  if (clean.length > RICH_TEXT.maxLength) throw new Invalid(messages.tooLong)
  if (richTextDepth(clean) > RICH_TEXT.maxDepth) throw new Invalid(messages.tooDeep)
  return clean
}

/**
 * Starts the sanitiser's thread if none is up, without waiting for it: a page with a rich-text editor calls this as it
 * loads, so the admin's save does not also pay for loading jsdom (seconds on a busy machine). Never throws.
 */
export function warmRichText(): void {
  const sanitizer = sanitizerPool()
  if (sanitizer.threads.length === 0) sanitizer.run('').catch(() => {})
}

export interface RichTextMessages {
  tooLong: string
  tooDeep: string
}

/** Ends the worker thread (shutdown, tests). */
export async function closeRichTextPool(): Promise<void> {
  const current = pool.current
  pool.current = null
  await current?.destroy()
}
