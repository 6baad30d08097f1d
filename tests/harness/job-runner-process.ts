// One app instance's job runner alone in a process, so a test can end it with SIGKILL in the middle of a job: a real
// crash, where no shutdown hook runs and no lock or claim is released. Configured by the environment like the app
// (DATABASE_URL, DISCORD_*); says 'ready' over the IPC channel once the runner has started.
import { createDb } from '#db/client.ts'
import { startJobs } from '#jobs/index.ts'
import { registerChangeListeners } from '#server/change-listeners.ts'
import { loadConfig } from '#server/config.ts'
import { createDiscordClient } from '#server/discord/client.ts'
import { setLogLevel } from '#server/logger.ts'

setLogLevel('warn')
const config = loadConfig()
const { db } = createDb(config.databaseUrl!, { max: 3 })
// A long per-attempt timeout: a Discord call that gets no answer stays in flight until the test kills this process.
const discord = createDiscordClient({
  apiUrl: config.discord.apiUrl,
  botToken: config.discord.botToken,
  guildId: config.discord.guildId,
  timeoutMs: 120_000,
})
// The jobs' use cases (promotions, the unlock fill) NOTIFY the app instances of what they changed, as in the app.
registerChangeListeners()
const jobs = await startJobs({ config, db, discord }, config.databaseUrl!)
// SIGTERM is a deploy's stop, as the app does it (server/main.ts): the runner lets go of the jobs it has locked ahead of
// their time, so the next instance runs them at once instead of after the lock's minute. (SIGKILL is the crash.)
process.once('SIGTERM', () => {
  void jobs.stop().finally(() => process.exit(0))
})
process.send!('ready')
