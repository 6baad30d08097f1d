// The service worker's build, after `react-router build` (docs/decisions/044-installable-app-with-workbox.md): Vite
// bundles sw/service-worker.ts into one classic script, then Workbox writes the list of built files to precache into
// it as build/client/sw.js. A new build lists new hashes, so browsers see a changed worker on their next visit.
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'vite'
import { injectManifest } from 'workbox-build'

const temp = path.resolve('build/.sw')
await build({
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: temp,
    emptyOutDir: true,
    target: 'es2022',
    copyPublicDir: false,
    rollupOptions: {
      input: path.resolve('sw/service-worker.ts'),
      output: { format: 'iife', entryFileNames: 'sw.js', inlineDynamicImports: true },
    },
  },
})
const { count, size, warnings } = await injectManifest({
  swSrc: path.join(temp, 'sw.js'),
  swDest: path.resolve('build/client/sw.js'),
  globDirectory: path.resolve('build/client'),
  // The code and styles every page may need offline; their names carry their hash already.
  globPatterns: ['assets/**/*.{js,css}'],
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
})
fs.rmSync(temp, { recursive: true, force: true })
for (const warning of warnings) console.warn(warning)
console.log(`service worker: build/client/sw.js precaches ${count} files (${(size / 1024).toFixed(0)} KiB)`)
