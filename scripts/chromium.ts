// Chromium's switches for the browser tests and the Lighthouse run: nothing in the background (updates, sync,
// first-run pages) that would add noise to a measurement, and runnable as root without a GPU.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]
