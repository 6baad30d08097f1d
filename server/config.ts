import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import {
  DEMO_ADMIN_ROLE_IDS,
  DEMO_BOT_TOKEN,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  DEMO_GUILD_ID,
} from '#db/seed/demo-guild.ts'

// The only module that reads process.env (its variables: README, Configuration). Everything else receives a Config.

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )

/** Origins exempt from an outbound address rule (push endpoints, webhook endpoints): scheme://host[:port] each. */
const originList = commaList.refine(
  (origins) => origins.every((o) => URL.canParse(o) && new URL(o).origin === o.replace(/\/+$/, '')),
  { message: 'must be a comma list of origins (scheme://host[:port])' },
)

const snowflakeList = commaList.refine((ids) => ids.every((id) => /^\d{5,25}$/.test(id)), {
  message: 'must be a comma-separated list of Discord IDs (digits only)',
})

const httpUrl = z
  .string()
  .trim()
  .url({ message: 'must be an absolute http(s) URL' })
  .refine((u) => /^https?:\/\//.test(u), { message: 'must start with http:// or https://' })
  .transform((u) => u.replace(/\/+$/, ''))

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  APP_URL: httpUrl.optional().or(z.literal('').transform(() => undefined)),
  DATABASE_URL: optionalText.refine((u) => u === undefined || /^postgres(ql)?:\/\//.test(u), {
    message: 'must be a postgres:// or postgresql:// URL',
  }),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  SESSION_SECRET: optionalText,
  DISCORD_CLIENT_ID: optionalText,
  DISCORD_CLIENT_SECRET: optionalText,
  DISCORD_BOT_TOKEN: optionalText,
  DISCORD_GUILD_ID: optionalText.refine((v) => v === undefined || /^\d{5,25}$/.test(v), {
    message: 'must be a Discord guild ID (digits only)',
  }),
  DISCORD_ADMIN_ROLE_IDS: snowflakeList,
  DISCORD_API_URL: httpUrl.default('https://discord.com/api'),
  DISCORD_AUTHORIZE_URL: httpUrl.default('https://discord.com/oauth2/authorize'),
  DISCORD_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  MONGODB_URL: optionalText.refine((u) => u === undefined || /^mongodb(\+srv)?:\/\//.test(u), {
    message: 'must be a mongodb:// or mongodb+srv:// URL',
  }),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  ANONYMOUS_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(256)
    .default(16 * 1024),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  LIVE_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).default(200),
  LIVE_STREAMS_TOTAL: z.coerce.number().int().min(1).default(5000),
  TRUST_PROXY: optionalText,
  NODE_ENV: optionalText,
  VAPID_PUBLIC_KEY: optionalText.refine((v) => v === undefined || /^[A-Za-z0-9_-]{80,100}$/.test(v), {
    message: 'must be a base64url P-256 public key (web-push generate-vapid-keys)',
  }),
  VAPID_PRIVATE_KEY: optionalText.refine((v) => v === undefined || /^[A-Za-z0-9_-]{40,50}$/.test(v), {
    message: 'must be a base64url P-256 private key (web-push generate-vapid-keys)',
  }),
  VAPID_SUBJECT: optionalText.refine((v) => v === undefined || /^(mailto:|https:\/\/)/.test(v), {
    message: 'must be a mailto: or https:// URL',
  }),
  BACKUP_DIR: optionalText,
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .default('0 3 * * *')
    .refine((v) => v === 'off' || /^(\S+\s+){4}\S+$/.test(v), {
      message: 'must be a cron expression of five fields (minute hour day month weekday) or off',
    }),
  BACKUP_KEEP: z
    .string()
    .trim()
    .default('7d 4w 6m')
    .transform((v, ctx) => {
      const keep = parseBackupKeep(v)
      if (!keep)
        ctx.addIssue({ code: 'custom', message: 'must name counts of days, weeks and months, e.g. "7d 4w 6m"' })
      return keep ?? { daily: 0, weekly: 0, monthly: 0 }
    }),
  BACKUP_COMMAND: optionalText,
  BACKUP_BEFORE_UPGRADE: z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .default('on')
    .transform((v) => ['on', 'true', '1'].includes(v)),
  PUSH_ENDPOINT_ALLOW: originList,
  WEBHOOK_ENDPOINT_ALLOW: originList,
})

export interface Config {
  port: number
  host: string
  appUrl: string
  /** True when APP_URL is https: cookies get Secure and the __Host- prefix, HSTS is sent. */
  secure: boolean
  databaseUrl: string | undefined
  /** Web push: the VAPID keys (configured, or generated once into DATA_DIR), and the origins exempt from the
   *  public-address rule for push endpoints (tests, private deployments). */
  push: { publicKey: string; privateKey: string; subject: string; endpointAllow: string[] }
  /** Outgoing webhooks: the origins exempt from the public-address rule for endpoints (tests, private deployments). */
  webhooks: { endpointAllow: string[] }
  dataDir: string
  sessionSecrets: string[]
  isProduction: boolean
  /** No DISCORD_CLIENT_ID outside production: the app mounts its own Discord stand-in at /__discord. */
  demoMode: boolean
  discord: {
    clientId: string
    clientSecret: string
    botToken: string | undefined
    guildId: string | undefined
    adminRoleIds: string[]
    apiUrl: string
    authorizeUrl: string
    /** How long one bot REST attempt waits for Discord's answer (the client retries a few times). */
    timeoutMs: number
  }
  mongodbUrl: string | undefined
  rateLimitPerMinute: number
  /** Requests per minute per API token (every method); 0 turns the limit off. */
  apiTokenRateLimitPerMinute: number
  /** The limits that hold under an attacker (docs/security.md, Limits). */
  limits: {
    /** The largest request body a signed-in caller (session or token) may send. */
    maxBodyBytes: number
    /** The largest request body anyone else may send; most of their writes are refused before any byte is read. */
    anonymousMaxBodyBytes: number
    /** A client must send its request headers within this, and its whole request within requestTimeoutMs. */
    headersTimeoutMs: number
    requestTimeoutMs: number
    /** Open live streams (/api/live, evaluation streams) per client address, and in all. */
    streamsPerClient: number
    streamsTotal: number
  }
  trustProxy: string | undefined
  /** Backups (docs/rules/backups.md): where they go, when the job takes one, how many are kept, where they are sent. */
  backups: {
    dir: string
    /** Cron expression in the unit's time zone, or null for no scheduled backups. */
    schedule: string | null
    keep: BackupKeep
    /** A shell command given each finished backup's path (as $1 and $BACKUP_FILE). */
    command: string | undefined
    /** Take a backup before a start that applies migrations to a database that holds data. */
    beforeUpgrade: boolean
  }
}

/** How many backups the retention rule keeps: the newest of each of the last N days, weeks and months. */
export interface BackupKeep {
  daily: number
  weekly: number
  monthly: number
}

/** "7d 4w 6m" (any order, any of the three, commas or spaces) as counts; null when it is not that. */
export function parseBackupKeep(text: string): BackupKeep | null {
  const keep: BackupKeep = { daily: 0, weekly: 0, monthly: 0 }
  const units = { d: 'daily', w: 'weekly', m: 'monthly' } as const
  const parts = text.split(/[\s,]+/).filter(Boolean)
  if (parts.length === 0) return null
  for (const part of parts) {
    const match = /^(\d{1,4})([dwm])$/.exec(part)
    if (!match) return null
    keep[units[match[2] as keyof typeof units]] = Number(match[1])
  }
  return keep.daily + keep.weekly + keep.monthly > 0 ? keep : null
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Reads and validates the environment once. Throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (compose files and .env templates write VAR= for optional settings).
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  )
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    )
  }
  const e = parsed.data
  const isProduction = e.NODE_ENV === 'production'
  const demoMode = !e.DISCORD_CLIENT_ID
  const problems: string[] = []

  if (isProduction && demoMode) {
    problems.push('DISCORD_CLIENT_ID: required when NODE_ENV=production (demo mode is for development only)')
  }
  if (!demoMode && !e.DISCORD_CLIENT_SECRET) {
    problems.push('DISCORD_CLIENT_SECRET: required when DISCORD_CLIENT_ID is set')
  }
  if (isProduction && !e.SESSION_SECRET) {
    problems.push('SESSION_SECRET: required when NODE_ENV=production')
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both or neither')
  }
  if (problems.length) throw new ConfigError(problems)

  const appUrl = e.APP_URL ?? `http://localhost:${e.PORT}`
  const dataDir = path.resolve(e.DATA_DIR)
  const sessionSecrets = e.SESSION_SECRET
    ? e.SESSION_SECRET.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [devSecret(dataDir)]

  const discord: Config['discord'] = demoMode
    ? {
        clientId: DEMO_CLIENT_ID,
        clientSecret: DEMO_CLIENT_SECRET,
        botToken: DEMO_BOT_TOKEN,
        guildId: DEMO_GUILD_ID,
        adminRoleIds: e.DISCORD_ADMIN_ROLE_IDS.length ? e.DISCORD_ADMIN_ROLE_IDS : DEMO_ADMIN_ROLE_IDS,
        // In demo mode the stand-in lives inside this very process.
        apiUrl: `${appUrl}/__discord/api`,
        authorizeUrl: `${appUrl}/__discord/oauth2/authorize`,
        timeoutMs: e.DISCORD_TIMEOUT_MS,
      }
    : {
        clientId: e.DISCORD_CLIENT_ID!,
        clientSecret: e.DISCORD_CLIENT_SECRET!,
        botToken: e.DISCORD_BOT_TOKEN,
        guildId: e.DISCORD_GUILD_ID,
        adminRoleIds: e.DISCORD_ADMIN_ROLE_IDS,
        apiUrl: e.DISCORD_API_URL,
        authorizeUrl: e.DISCORD_AUTHORIZE_URL,
        timeoutMs: e.DISCORD_TIMEOUT_MS,
      }

  return {
    port: e.PORT,
    host: e.HOST,
    appUrl,
    secure: appUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sessionSecrets,
    isProduction,
    demoMode,
    discord,
    mongodbUrl: e.MONGODB_URL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    apiTokenRateLimitPerMinute: e.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    limits: {
      maxBodyBytes: e.MAX_BODY_BYTES,
      anonymousMaxBodyBytes: Math.min(e.ANONYMOUS_MAX_BODY_BYTES, e.MAX_BODY_BYTES),
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: Math.max(e.HTTP_REQUEST_TIMEOUT_MS, e.HTTP_HEADERS_TIMEOUT_MS),
      streamsPerClient: Math.min(e.LIVE_STREAMS_PER_CLIENT, e.LIVE_STREAMS_TOTAL),
      streamsTotal: e.LIVE_STREAMS_TOTAL,
    },
    trustProxy: e.TRUST_PROXY,
    backups: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      schedule: e.BACKUP_SCHEDULE === 'off' ? null : e.BACKUP_SCHEDULE,
      keep: e.BACKUP_KEEP,
      command: e.BACKUP_COMMAND,
      beforeUpgrade: e.BACKUP_BEFORE_UPGRADE,
    },
    push: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : generatedVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT ?? (appUrl.startsWith('https://') ? appUrl : 'mailto:admin@localhost'),
      endpointAllow: e.PUSH_ENDPOINT_ALLOW.map((o) => new URL(o).origin),
    },
    webhooks: { endpointAllow: e.WEBHOOK_ENDPOINT_ALLOW.map((o) => new URL(o).origin) },
  }
}

/**
 * Web push keys (VAPID) made once and kept in DATA_DIR when none are configured, like the session secret: push
 * services tie each subscription to the key it was made with, so the key must outlive restarts.
 */
function generatedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json')
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown }
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string')
      return { publicKey: kept.publicKey, privateKey: kept.privateKey }
  } catch {
    // not there yet
  }
  const ecdh = crypto.createECDH('prime256v1')
  ecdh.generateKeys()
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // Padded to its 32 bytes: a key with leading zero bytes comes out shorter.
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  }
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 })
  return keys
}

/** Development only: a secret generated once and kept in DATA_DIR so sessions survive restarts. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret')
  try {
    const existing = fs.readFileSync(file, 'utf8').trim()
    if (existing) return existing
  } catch {
    // not there yet
  }
  const secret = crypto.randomBytes(32).toString('base64url')
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

/**
 * Serving the production build runs React and React Router in their production builds, which they choose by
 * NODE_ENV when first imported. Demo mode (`npm start` without Discord) must not set NODE_ENV=production itself
 * (that refuses demo mode), so the process sets it for the libraries after the configuration was read.
 * NOTE: call before anything imports react or react-router.
 */
export function selectRuntimeBuilds(mode: 'development' | 'production') {
  if (mode === 'production') process.env.NODE_ENV = 'production'
}
