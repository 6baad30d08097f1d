// Starts the Discord stand-in on its own port: `PORT=4100 npx tsx server/discord-stand-in/cli.ts`.
// Point the app at it with the printed DISCORD_* values. With DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET /
// DISCORD_BOT_TOKEN set, it checks those credentials; otherwise it accepts any.

import { DEMO_GUILD_ID } from '#db/seed/demo-guild.ts'
import { startDiscordStandIn } from './server.ts'

const port = Number(process.env.PORT ?? 4100)
const host = process.env.HOST ?? '127.0.0.1'

const standIn = await startDiscordStandIn({
  port,
  host,
  clientId: process.env.DISCORD_CLIENT_ID || undefined,
  clientSecret: process.env.DISCORD_CLIENT_SECRET || undefined,
  botToken: process.env.DISCORD_BOT_TOKEN || undefined,
  appLoginUrl: process.env.APP_URL ? `${process.env.APP_URL.replace(/\/+$/, '')}/auth/discord` : undefined,
})

process.stdout.write(
  [
    `Discord stand-in listening on ${standIn.url}`,
    `  messages page:          ${standIn.url}/`,
    `  DISCORD_API_URL=${standIn.apiUrl}`,
    `  DISCORD_AUTHORIZE_URL=${standIn.authorizeUrl}`,
    `  DISCORD_GUILD_ID=${DEMO_GUILD_ID}`,
    `  test controls:          ${standIn.url}/__control/state`,
    '',
  ].join('\n'),
)

const stop = () => {
  void standIn.close().finally(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
