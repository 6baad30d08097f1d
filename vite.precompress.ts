import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'
import { COMPRESS_THRESHOLD_BYTES } from './server/lib/encodings.ts'

// The built browser files get brotli (.br) and gzip (.gz) siblings at build time, compressed once at the highest
// levels, which would be too slow per request; the server sends them by Accept-Encoding (express-static-gzip in
// server/http/app.ts). Only the client build: the server bundle is never sent over the wire (docs/decisions/027).

const TEXT_FILE = /\.(?:js|mjs|css|svg|json|html|txt|xml|webmanifest)$/

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

async function siblings(file: string) {
  const raw = await fs.readFile(file)
  if (raw.length < COMPRESS_THRESHOLD_BYTES) return
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ])
  // A sibling that saves nothing would only make the client decompress for no gain.
  if (br.length < raw.length) await fs.writeFile(`${file}.br`, br)
  if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz)
}

export function precompressClientFiles(): Plugin {
  return {
    name: 'precompress-client-files',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    // After the write, so the files copied from public/ are there too.
    async writeBundle(options) {
      const dir = options.dir!
      const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true })
      // Dot folders (Vite's .vite/manifest.json, which React Router moves away) are never served.
      const files = entries
        .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter(
          (file) =>
            !path
              .relative(dir, file)
              .split(path.sep)
              .some((part) => part.startsWith('.')),
        )
      await Promise.all(files.map(siblings))
    },
  }
}
