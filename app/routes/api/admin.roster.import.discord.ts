import type { Route } from './+types/admin.roster.import.discord'
import { discordImportSchema } from '#contracts/moving.ts'
import { parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { discordImportList, importFromDiscord } from '#server/moving/discord-import.ts'

// GET /api/admin/roster/import/discord: the Discord server's members with the rank, qualifications and squad their
// roles map to, and for those on the roster where the two disagree. POST {discord_ids, join_date?}: adds them to the
// roster (docs/rules/roster.md, Moving in and out). Discord not answering is a 502 with the reason.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return { members: await discordImportList(getServices(context)) }
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseStrictInput(discordImportSchema, await readJsonObject(request))
    return Response.json(await importFromDiscord(getServices(context), admin, input), { status: 201 })
  })
}
