import { fileURLToPath } from 'node:url'
import { RICH_TEXT, richTextDepth } from '#contracts/assessments.ts'
import { Invalid } from './errors.ts'
import { workerThread } from './lib/worker-thread.ts'

// Rich text is sanitised on write, and pages render only what was stored (docs/rules/assessments.md, Rich text;
// docs/decisions/032-rich-text-in-a-worker.md). The sanitiser (server/rich-text-sanitizer.ts) runs in a worker thread
// of its own (server/lib/worker-thread.ts): a large question costs that thread, not every other request. Input over
// the size or nesting limit never reaches it (the contract refuses it first, and so does this module).

/** A sanitising that takes longer than this is given up (503, try again): the thread is replaced. */
const SANITIZE_TIMEOUT_MS = 10_000
const SANITIZE_BUSY = 'Too many questions are being saved at once. Please try again in a moment.'
/** Questions waiting for the thread at once; past that the save is refused (503) rather than queued without end. */
const MAX_QUEUE = 64

const sanitizer = workerThread<string, string>({
  key: 'rich-text:pool',
  worker: fileURLToPath(new URL('./rich-text-worker.mjs', import.meta.url)),
  maxQueue: MAX_QUEUE,
  timeoutMs: SANITIZE_TIMEOUT_MS,
  warmUpInput: '',
  busy: SANITIZE_BUSY,
  // Input within the limits that still takes this long means a machine too busy to check it now, not a bad input.
  tooSlow: SANITIZE_BUSY,
})

/**
 * The stored form of rich text: only the allow-listed tags, attributes and styles; link addresses other than http,
 * https, mailto, tel (or a path on this site) and image addresses other than http(s) or an uploaded image are
 * dropped, and an image left without an address is dropped with it. Refuses (400) input over the limits, before and
 * after sanitising.
 */
export async function sanitizeRichText(html: string, messages: RichTextMessages): Promise<string> {
  if (html.length > RICH_TEXT.maxLength) throw new Invalid(messages.tooLong)
  if (richTextDepth(html) > RICH_TEXT.maxDepth) throw new Invalid(messages.tooDeep)
  const clean = await sanitizer.run(html)
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
  sanitizer.warm()
}

export interface RichTextMessages {
  tooLong: string
  tooDeep: string
}

/** Ends the worker thread (shutdown, tests). */
export function closeRichTextPool(): Promise<void> {
  return sanitizer.close()
}
