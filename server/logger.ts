// A small structured logger: one JSON line per entry on stdout/stderr. Never log secrets, tokens or cookies.

type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent'
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }
let threshold: Level = 'info'

export function setLogLevel(level: Level) {
  threshold = level
}

function write(level: Exclude<Level, 'silent'>, entry: Record<string, unknown>) {
  if (order[level] < order[threshold]) return
  const line = JSON.stringify({ time: new Date().toISOString(), level, ...entry })
  if (level === 'error' || level === 'warn') process.stderr.write(line + '\n')
  else process.stdout.write(line + '\n')
}

export const logger = {
  debug: (entry: Record<string, unknown>) => write('debug', entry),
  info: (entry: Record<string, unknown>) => write('info', entry),
  warn: (entry: Record<string, unknown>) => write('warn', entry),
  error: (entry: Record<string, unknown>) => write('error', entry),
}
