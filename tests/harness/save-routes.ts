// The two ways a layout becomes the ORBAT through the ordinary save, for tests that hold the save's contract to both:
// the editor's PUT /api/admin/orbat/save, and a restore (docs/rules/orbat-history.md, Restore and Undo) of the version
// a save of the same body writes. A restore judges no sign-up against what an editor loaded: a slot that stays keeps
// whoever holds it as it runs, and a slot it brings back gets back who held it in the version where the re-seat rule
// allows. Tests say where that differs through `editor`.
import { eq } from 'drizzle-orm'
import { orbatSaveSchema, type OrbatPayload } from '#contracts/orbat.ts'
import { orbatVersions } from '#db/schema/orbat-history.ts'
import { users } from '#db/schema/users-sessions.ts'
import { saveOrbat } from '#server/orbat/save.ts'
import { api, type ApiResponse } from './admin.ts'
import type { TestApp } from './app.ts'
import type { LoggedIn } from './orbat.ts'

export const SAVE_ROUTES = ['save', 'restore'] as const
export type SaveRouteName = (typeof SAVE_ROUTES)[number]

/** What both routes answer (the restore "answers as a save does"). */
export interface SaveAnswer {
  message?: string
  error?: string
  version?: number
  kept?: string[]
  removed?: string[]
  moved?: string[]
  placements?: number
  orbat?: OrbatPayload
}

export interface SaveRoute {
  name: SaveRouteName
  /** Readies the body (a restore writes its version now); the call returned sends it. */
  stage(body: unknown): Promise<() => Promise<ApiResponse<SaveAnswer>>>
  /** Stages the body and sends it at once. */
  save(body: unknown): Promise<ApiResponse<SaveAnswer>>
  /** The answer's message on success. */
  message: RegExp
  /**
   * The editor's save: assigns people as the body says and reports sign-ups made since its base as kept. A restore
   * leaves each slot that stays with its holder as it stands when it runs.
   */
  editor: boolean
}

/** Thrown to roll back the save whose version is kept. */
class KeepOnlyTheVersion extends Error {}

/**
 * Writes the version a save of `body` by `adminId` writes, and leaves the ORBAT as it stands: the save runs in a
 * transaction that is rolled back, then its version row is stored again. So the version is what a real save records
 * (stored ids, cards kept apart, heading rows normalised), and the save's other effects (waitlist placements, audit,
 * activity posts) never happen.
 */
export async function versionOfSave(t: TestApp, adminId: number, body: unknown): Promise<number> {
  const db = t.database.db
  const [admin] = await db.select().from(users).where(eq(users.id, adminId))
  let row: typeof orbatVersions.$inferInsert | undefined
  try {
    await db.transaction(async (tx) => {
      const { version } = await saveOrbat(tx, admin!, orbatSaveSchema.parse(body))
      const [written] = await tx.select().from(orbatVersions).where(eq(orbatVersions.id, version))
      row = written
      throw new KeepOnlyTheVersion()
    })
  } catch (error) {
    if (!(error instanceof KeepOnlyTheVersion)) throw error
  }
  const { id: _rolledBack, ...values } = row!
  const [stored] = await db.insert(orbatVersions).values(values).returning({ id: orbatVersions.id })
  return stored!.id
}

/** The route `name` as the admin `who()` (called late: logins happen in beforeAll). */
export function saveRoute(name: SaveRouteName, who: () => { t: TestApp; admin: LoggedIn }): SaveRoute {
  const stage =
    name === 'save'
      ? async (body: unknown) => () => api<SaveAnswer>(who().admin.client, 'PUT', '/api/admin/orbat/save', body)
      : async (body: unknown) => {
          const { t, admin } = who()
          const id = await versionOfSave(t, admin.id, body)
          return () => api<SaveAnswer>(admin.client, 'POST', `/api/admin/orbat/versions/${id}/restore`)
        }
  return {
    name,
    stage,
    save: async (body) => (await stage(body))(),
    message: name === 'save' ? /^ORBAT Saved Successfully!$/ : /^Version \d+ restored\.$/,
    editor: name === 'save',
  }
}
