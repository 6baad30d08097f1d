import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { generatedFiles } from '#server/i18n-files.ts'

describe('the files made from the catalogs', () => {
  it.each(Object.entries(generatedFiles()))('%s is as the catalogs say (run `npm run i18n:files`)', (file, text) => {
    expect(fs.readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')).toBe(text)
  })
})
