import type { Config } from './config.ts'

// What the process says as it starts: in demo mode a first line saying so (before the database and the build, which
// take a while, or fail), then once it listens one structured line, which names demo mode itself, and in demo mode a
// banner for the person who ran `npm start`.

export function startupMessage(config: Config, mode: 'development' | 'production') {
  const starting = config.demoMode
    ? { msg: 'demo mode: DISCORD_CLIENT_ID is unset, so the app runs its own Discord stand-in with demo users' }
    : null
  const listening = {
    msg: config.demoMode ? 'listening in demo mode' : 'listening',
    url: config.appUrl,
    mode,
    demoMode: config.demoMode,
    database: config.databaseUrl ? 'DATABASE_URL' : 'embedded',
    discord: config.demoMode ? `demo stand-in at ${config.appUrl}/__discord` : config.discord.apiUrl,
  }
  const banner = config.demoMode
    ? `\n  Task Force HQ is running at ${config.appUrl} (demo mode)\n  Demo mode: log in as any demo user; bot messages at ${config.appUrl}/__discord\n\n`
    : null
  return { starting, listening, banner }
}
