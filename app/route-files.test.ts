// Every route's file says its URL (the README's naming rule): under app/routes/, the URL's area folder (its first
// segment; an admin page's first two), then the rest of the path with `/` written `.` and `:param` written `$param`.
// The page at an area's own URL is `route.tsx`; a layout is `layout.tsx` and the page under it at its URL `index.tsx`;
// a page with private pieces may be a folder of its name holding `route.tsx`. The /api calls are the area `api/`.
// Three routes have names of their own: the home page (`home.tsx`) and the two not-found answers (`not-found.tsx`,
// `api/not-found.ts`).
import { expect, it } from 'vitest'
import routes from './routes.ts'

interface Entry {
  path?: string
  file: string
  index?: boolean
  children?: Entry[]
}

const NAMED = new Map([
  ['/', 'routes/home.tsx'],
  ['/*', 'routes/not-found.tsx'],
  ['/api/*', 'routes/api/not-found.ts'],
])

/** The files a route at `url` may have by the rule (a page or resource route, in a folder of its name or not). */
function expectedFiles(url: string, kind: 'page' | 'index' | 'layout'): string[] {
  const named = NAMED.get(url)
  if (named && kind !== 'layout') return [named]
  const segments = url.split('/').filter(Boolean)
  const areaLength = segments[0] === 'admin' && segments.length > 1 ? 2 : 1
  const area = segments.slice(0, areaLength).join('/')
  const rest = segments
    .slice(areaLength)
    .map((segment) => segment.replace(/^:/, '$'))
    .join('.')
  if (kind === 'layout') return [`routes/${area}/layout.tsx`]
  if (kind === 'index') return [`routes/${url === '/admin' ? 'admin' : area}/index.tsx`]
  if (!rest) return [`routes/${area}/route.tsx`]
  return ['tsx', 'ts'].flatMap((ext) => [`routes/${area}/${rest}.${ext}`, `routes/${area}/${rest}/route.${ext}`])
}

function walk(entries: Entry[], parent: string, found: Array<{ url: string; file: string; expected: string[] }>) {
  for (const entry of entries) {
    const url = entry.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${entry.path}`
    const kind = entry.index ? 'index' : entry.path === undefined ? 'layout' : 'page'
    // A layout's URL is where its children are: the admin's is /admin, a tab group's its folder.
    const layoutUrl = kind === 'layout' ? `/${entry.file.replace(/^routes\//, '').replace(/\/layout\.tsx$/, '')}` : url
    found.push({ url: url || '/', file: entry.file, expected: expectedFiles(layoutUrl || '/', kind) })
    if (entry.children) walk(entry.children, url, found)
  }
}

it('every route file is named for its URL', async () => {
  const found: Array<{ url: string; file: string; expected: string[] }> = []
  walk(await (routes as unknown as Promise<Entry[]> | Entry[]), '', found)
  expect(found.length).toBeGreaterThan(100)
  const misnamed = found.filter(({ file, expected }) => !expected.includes(file))
  expect(misnamed.map(({ url, file, expected }) => `${url}: ${file} (expected ${expected[0]})`)).toEqual([])
})
