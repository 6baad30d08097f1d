// `npm run i18n:files`: writes the files made from the catalogs that the app cannot read them for at run time
// (server/i18n-files.ts): db/functions/catalog.sql (the notices the stored functions write) and the web app manifest
// per language (public/manifest*.webmanifest). Run it after changing one of their messages in contracts/i18n/;
// tests/i18n-files.test.ts fails until it is run.
import fs from 'node:fs'
import { generatedFiles } from '#server/i18n-files.ts'

for (const [file, text] of Object.entries(generatedFiles())) {
  fs.writeFileSync(new URL(`../${file}`, import.meta.url), text)
  console.log(`${file} written`)
}
