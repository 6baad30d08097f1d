import fs from 'node:fs/promises'
import { DEMO_AWARD_IMAGE_FILES } from '#db/seed/awards.ts'
import type { AppServices } from '../context.ts'
import { storeImage } from '../lib/stored-images.ts'

// The demo unit's award images (db/seed/awards.ts) put in the app's image store, where the seeded awards point. Run
// wherever the demo unit is seeded; storing a file again is harmless (the store is content-addressed), so a data
// directory that lost its uploads gets them back at the next start.

export async function storeDemoAwardImages(services: Pick<AppServices, 'config'>): Promise<string[]> {
  const urls: string[] = []
  for (const file of DEMO_AWARD_IMAGE_FILES) urls.push((await storeImage(services, await fs.readFile(file))).url)
  return urls
}
