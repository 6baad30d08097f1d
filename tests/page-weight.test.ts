// Byte budgets of the public pages (docs/performance.md, Page weight): what a signed-out visitor's browser fetches to
// paint and hydrate each public page of the demo unit, compressed as it goes on the wire (brotli): the page's HTML as
// the server answers it, and the JavaScript and CSS files the HTML has the browser load (module preloads, scripts,
// stylesheets, the inline scripts' imports), read as their build-time .br files. Bytes, not timings: the same build and data give the same
// figures on any machine, so a budget can sit a few percent above today's and fail only on a real change.
// A change that crosses a budget fails here with the page, the files and their bytes. When the growth is worth it,
// raise the budget in tests/page-budgets.json in the same change, saying why in its message.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { startTestApp, type TestApp } from './harness/app.ts'

interface Budget {
  html: number
  js: number
  css: number
}

const BUDGETS: Record<string, Budget> = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'page-budgets.json'), 'utf8'),
) as Record<string, Budget>
const ASSETS = path.resolve('build/client')

let t: TestApp

beforeAll(async () => {
  t = await startTestApp()
  await seedDemoData(t.database.db)
})
afterAll(async () => {
  await t?.close()
})

/** The page's bytes on the wire with brotli, as a browser asking for it gets them. */
function fetchCompressed(url: string): Promise<{ status: number; encoding: string | undefined; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip', accept: 'text/html' } }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers['content-encoding'],
            bytes: Buffer.concat(chunks),
          }),
        )
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

/**
 * The built files the page's HTML has the browser load: module preloads and stylesheets, script sources, and what the
 * inline module scripts import (statically or with import()). Other mentions of a file (the route manifest's list of
 * modules, which lazy route discovery does not fetch) are not loads.
 */
const LOADS = [
  /<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="(\/assets\/[^"]+)"/g,
  /<script\b[^>]*\bsrc="(\/assets\/[^"]+)"/g,
  /\bimport\s*(?:\(\s*|[^"'();]*?\bfrom\s*)?["'](\/assets\/[^"']+)["']/g,
]
function loadedAssets(html: string): string[] {
  return [...new Set(LOADS.flatMap((pattern) => [...html.matchAll(pattern)].map(([, file]) => file!)))].sort()
}

/** A built file's size as it is sent compressed (its .br sibling, written by the build). */
function compressedSize(file: string): number {
  const brotli = path.join(ASSETS, `${file}.br`)
  return fs.statSync(fs.existsSync(brotli) ? brotli : path.join(ASSETS, file)).size
}

describe('the public pages stay within their byte budgets (brotli, the demo unit, signed out)', () => {
  it.each(Object.keys(BUDGETS))('%s', async (page) => {
    const budget = BUDGETS[page]!
    const answer = await fetchCompressed(new URL(page, t.url).href)
    expect(answer.status, `GET ${page}`).toBe(200)
    expect(answer.encoding, `GET ${page} is sent compressed`).toBe('br')
    const html = zlib.brotliDecompressSync(answer.bytes).toString('utf8')
    const files = loadedAssets(html).map((file) => ({ file, bytes: compressedSize(file) }))
    const sum = (kind: 'js' | 'css') =>
      files.filter(({ file }) => file.endsWith(`.${kind}`)).reduce((total, { bytes }) => total + bytes, 0)
    const measured: Budget = { html: answer.bytes.length, js: sum('js'), css: sum('css') }

    const over = (['html', 'js', 'css'] as const).filter((kind) => measured[kind] > budget[kind])
    const listing = files.map(({ file, bytes }) => `  ${String(bytes).padStart(7)}  ${file}`).join('\n')
    expect(
      over.map((kind) => `${kind} ${measured[kind]} bytes > budget ${budget[kind]}`),
      `${page} is over its budget (tests/page-budgets.json). Its files (brotli bytes):\n${listing}\n`,
    ).toEqual([])
    // A budget far above the page's bytes guards nothing: it is kept within a tenth above what the page weighs.
    const slack = (['html', 'js', 'css'] as const).filter((kind) => budget[kind] > measured[kind] * 1.1 + 512)
    expect(
      slack.map((kind) => `${kind} budget ${budget[kind]} for ${measured[kind]} bytes`),
      `${page}: lower the budget in tests/page-budgets.json to a few percent above what the page weighs now`,
    ).toEqual([])
  })
})
