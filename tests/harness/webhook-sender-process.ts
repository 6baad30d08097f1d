// One instance's webhook sender alone in a process (tests/harness/webhook-sender.ts starts it), as the job runner runs
// it on another host, so a test can end it with SIGKILL mid-send: a real crash, where no claim is released.
// Configured by the environment like the app (DATABASE_URL, WEBHOOK_ENDPOINT_ALLOW, NODE_EXTRA_CA_CERTS for the test
// receiver's certificate); the sender's options (short timeouts and back-off) come as JSON in the first argument.
import { createDb } from '#db/client.ts'
import { loadConfig } from '#server/config.ts'
import { createDiscordClient } from '#server/discord/client.ts'
import { setLogLevel } from '#server/logger.ts'
import { startWebhookSender, type WebhookSenderOptions } from '#server/webhooks/sender.ts'

setLogLevel('warn')
const config = loadConfig()
const { db } = createDb(config.databaseUrl!, { max: 3 })
const discord = createDiscordClient({
  apiUrl: config.discord.apiUrl,
  botToken: config.discord.botToken,
  guildId: config.discord.guildId,
})
const options = JSON.parse(process.argv[2] ?? '{}') as Partial<WebhookSenderOptions>
const stop = await startWebhookSender({ config, db, discord }, options)
process.once('SIGTERM', () => {
  void stop().finally(() => process.exit(0))
})
process.send!('ready')
