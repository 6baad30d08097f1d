import type { Route } from './+types/discord.channels'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { listChannels } from '#server/discord/guild.ts'
import { apiHandler } from '#server/errors.ts'

// GET /api/discord/channels (admin): the guild's text, announcement and category channels.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listChannels(getServices(context).discord)
  })
}
