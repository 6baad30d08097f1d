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
  // The pages' texts come compiled (server/lib/i18n.ts): use-intl formats them with its small precompiled-message
  // formatter instead of a whole ICU parser, in the browser and in the server's render alike
  // (docs/decisions/066-languages.md).
  resolve: {
    alias: [{ find: /^use-intl\/format-message$/, replacement: 'use-intl/format-message/format-only' }],
  },
  ssr: { noExternal: ['use-intl'] },
  build: {
    target: 'es2022',
    rollupOptions: { onwarn: dropResourceRouteEmptyChunks(), output: { manualChunks: sharedChunk() } },
  },
})
