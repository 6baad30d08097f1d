import { LANGUAGE_CODES } from '#contracts/languages.ts'
import { translate } from './lib/i18n.ts'
import { catalogSql } from './notifications/database-texts.ts'

// Files made from the catalogs (docs/rules/languages.md) for what cannot read them at run time: the stored functions
// (db/functions/catalog.sql) and the browser's web app manifest, one per language (the page links its own:
// app/root.tsx manifestHref). `npm run i18n:files` writes them; tests/i18n-files.test.ts fails while one is stale.

/** The web app manifest in a language: the unit's name stays as it is, the description and `lang` follow it. */
function manifest(language: (typeof LANGUAGE_CODES)[number]): string {
  const icon = (src: string, sizes: string, purpose: string) => ({ src, sizes, type: 'image/png', purpose })
  return `${JSON.stringify(
    {
      id: '/orbat',
      name: 'Task Force HQ',
      short_name: 'TF HQ',
      description: translate(language, 'manifest.description'),
      lang: language,
      start_url: '/orbat',
      scope: '/',
      display: 'standalone',
      background_color: '#09090b',
      theme_color: '#16a34a',
      icons: [
        icon('/icons/icon-192.png', '192x192', 'any'),
        icon('/icons/icon-512.png', '512x512', 'any'),
        icon('/icons/icon-maskable-512.png', '512x512', 'maskable'),
      ],
    },
    null,
    2,
  )}\n`
}

/** The path of the manifest a page in `language` links (English: the one every browser finds at the usual name). */
export function manifestPath(language: string): string {
  return language === 'en' || !(LANGUAGE_CODES as readonly string[]).includes(language)
    ? '/manifest.webmanifest'
    : `/manifest.${language}.webmanifest`
}

/** Every generated file, by its path in the repository. */
export function generatedFiles(): Record<string, string> {
  return {
    'db/functions/catalog.sql': catalogSql(),
    ...Object.fromEntries(LANGUAGE_CODES.map((language) => [`public${manifestPath(language)}`, manifest(language)])),
  }
}
