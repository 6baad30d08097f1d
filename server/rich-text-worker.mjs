// The worker thread of server/rich-text.ts. The app runs TypeScript through tsx: register it in this thread too, then
// load the sanitiser. A plain .mjs file, so Node can start the thread without a loader.
import { register } from 'tsx/esm/api'

register()
const { default: sanitizeNow } = await import('./rich-text-sanitizer.ts')

export default function sanitize(html) {
  return sanitizeNow(html)
}
