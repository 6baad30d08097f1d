import { logger } from '../logger.ts'

/** Spec 2 §8: what a roster page shows when its data could not be read. */
export const ROSTER_LOAD_ERROR = 'Could not load roster data: An error occurred.'

/** A roster admin tab's data; when reading fails, `empty` with the spec's load error (the failure is logged). */
export async function withLoadError<T extends object>(tab: string, load: () => Promise<T>, empty: T): Promise<T & { loadError?: string }> {
  try {
    return await load()
  } catch (error) {
    logger.error({ msg: `roster admin: loading ${tab} failed`, error: error instanceof Error ? error.stack : String(error) })
    return { ...empty, loadError: ROSTER_LOAD_ERROR }
  }
}
