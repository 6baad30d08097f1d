import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { denyServerImports } from './vite.deny-imports.ts'
import { precompressClientFiles } from './vite.precompress.ts'
import { dropResourceRouteEmptyChunks } from './vite.resource-routes.ts'
import { sharedChunk } from './vite.shared-chunk.ts'

export default defineConfig({
  plugins: [denyServerImports(), tailwindcss(), reactRouter(), precompressClientFiles()],
  server: { hmr: { port: 24678 } },
  build: {
    target: 'es2022',
    rollupOptions: { onwarn: dropResourceRouteEmptyChunks(), output: { manualChunks: sharedChunk() } },
  },
})
