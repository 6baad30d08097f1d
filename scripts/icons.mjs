// Draws the installable app's icons (public/icons/*.png) from the favicon's design in headless Chromium, so the
// PNGs and the SVG never drift apart. Run after changing public/favicon.svg: `node scripts/icons.mjs`.
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'

const out = path.resolve('public/icons')
const svg = fs.readFileSync('public/favicon.svg', 'utf8')

// The maskable icon keeps its mark inside the middle 80 % (the safe zone) on a full-bleed background, since
// launchers crop it to their own shape.
const pages = [
  {
    file: 'icon-192.png',
    size: 192,
    html: `<body style="margin:0">${svg.replace('<svg ', '<svg width="192" height="192" ')}`,
  },
  {
    file: 'icon-512.png',
    size: 512,
    html: `<body style="margin:0">${svg.replace('<svg ', '<svg width="512" height="512" ')}`,
  },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    html: `<body style="margin:0;background:#16a34a;display:grid;place-items:center;height:512px">${svg
      .replace('rx="6"', 'rx="0"')
      .replace('<svg ', '<svg width="360" height="360" ')}`,
  },
]

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
fs.mkdirSync(out, { recursive: true })
for (const page of pages) {
  const tab = await browser.newPage({ viewport: { width: page.size, height: page.size } })
  await tab.setContent(page.html)
  await tab.screenshot({ path: path.join(out, page.file), omitBackground: true })
  await tab.close()
}
await browser.close()
console.log(`icons written to ${out}`)
