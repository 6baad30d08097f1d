import { closeRichTextPool } from './rich-text.ts'
import { closeMissionPool } from './orbat/mission/pool.ts'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { createDb, runMigrations, type DbHandle } from '#db/client.ts'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { storeDemoAwardImages } from './personnel/seed-images.ts'
import { startJobs, type RunningJobs } from '#jobs/index.ts'
import { reconcileDiscordEvents } from './discord/scheduled-events.ts'
import { backupBeforeUpgrade } from './backups/upgrade.ts'
import { recordAudit, SYSTEM_ACTOR } from './audit/audit.ts'
import { listenForSessionChanges } from './auth/session-cache.ts'
import { registerChangeListeners } from './change-listeners.ts'
import { createDiscordStandIn } from './discord-stand-in/index.ts'
import type { Config } from './config.ts'
import type { AppServices } from './context.ts'
import { startDatabase, type RunningDatabase } from './database.ts'
import { createDiscordClient, DISCORD_CDN_URL, setDefaultAvatarBase } from './discord/client.ts'
import { describeError } from './error-text.ts'
import { createHttpApp } from './http/app.ts'
import { connectionGate, streamLimiter } from './http/limits.ts'
import { liveRequestHandler } from './http/live-routes.ts'
import { startChangeListener } from './orbat/live.ts'
import { logger } from './logger.ts'
import { DEMO_ALLIES, DEMO_NEWCOMERS, DEMO_USERS } from '#db/seed/demo-guild.ts'

export interface StartOptions {
  mode: 'development' | 'production'
  /** Directory holding build/server and build/client (production mode). */
  buildDir?: string
  /** Start the job runner (tests of HTTP behaviour may skip it). */
  jobs?: boolean
  /** Seed the demo unit into an empty database (demo mode). */
  seed?: boolean
  /** Count the statements the app sends (tests; RunningApp.statements). */
  countStatements?: boolean
}

export interface RunningApp {
  url: string
  services: AppServices
  server: http.Server
  databaseUrl: string
  jobs: RunningJobs | null
  /** Statements the app's pool has sent so far (0 unless started with countStatements). */
  statements: () => number
  close: () => Promise<void>
}

/** The listen backlog asked for (the kernel caps it at net.core.somaxconn). */
const LISTEN_BACKLOG = 4096

/** config -> database (embedded or URL) -> migrations -> jobs -> HTTP. Used by server/main.ts and the tests. */
export async function startApp(config: Config, options: StartOptions): Promise<RunningApp> {
  const cleanups: Array<() => Promise<void>> = []
  const close = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup()
      } catch (error) {
        logger.error({ msg: 'shutdown step failed', error: describeError(error) })
      }
    }
  }
  try {
    const database: RunningDatabase = await startDatabase(config)
    cleanups.push(database.stop)
    await backupBeforeUpgrade(config, database.url)
    await runMigrations(database.url)

    const handle: DbHandle = createDb(database.url, { max: 10, countStatements: options.countStatements })
    cleanups.push(handle.close)
    cleanups.push(closeRichTextPool, closeMissionPool)
    const discord = createDiscordClient({
      apiUrl: config.discord.apiUrl,
      botToken: config.discord.botToken,
      guildId: config.discord.guildId,
      timeoutMs: config.discord.timeoutMs,
      // Discord failures never break a request; they are recorded for admins as System entries.
      onFailure: async ({ action, error }) => {
        try {
          await recordAudit(handle.db, SYSTEM_ACTOR, 'Discord call failed', `${action}: ${error}`)
        } catch (auditError) {
          logger.error({ msg: 'could not record Discord failure', error: describeError(auditError) })
        }
      },
    })
    const services: AppServices = { config, db: handle.db, discord }
    // Demo users have Discord's default avatars: in demo mode the app's own stand-in draws them.
    setDefaultAvatarBase(config.demoMode ? `${config.appUrl}/__discord/cdn` : DISCORD_CDN_URL)
    // What each use case declares it changed reaches the live ORBAT and the roster cache (server/change-listeners.ts).
    registerChangeListeners()
    // Every instance hears every ORBAT change (its own included) and refreshes its snapshot and live pages.
    const stopListening = await startChangeListener(handle.sql, handle.db)
    cleanups.push(stopListening)
    // ...and every ended session and changed user, so its in-memory sessions stay true.
    cleanups.push(await listenForSessionChanges(handle.sql))

    if (options.seed ?? config.demoMode) {
      if (await seedDemoData(handle.db)) logger.info({ msg: 'demo unit seeded' })
      await storeDemoAwardImages(services)
    }

    let jobs: RunningJobs | null = null
    if (options.jobs ?? true) {
      jobs = await startJobs(services, database.url)
      cleanups.push(jobs.stop)
    }

    let build: ServerBuild | (() => Promise<ServerBuild>)
    let vite: ViteDevServer | undefined
    let clientDir: string | undefined
    if (options.mode === 'development') {
      const { createServer } = await import('vite')
      vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
      const devServer = vite
      cleanups.push(() => devServer.close())
      build = () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
    } else {
      const buildDir = options.buildDir ?? path.resolve('build')
      const serverEntry = path.join(buildDir, 'server', 'index.js')
      if (!fs.existsSync(serverEntry)) throw new Error(`No build at ${serverEntry}: run "npm run build" first.`)
      build = (await import(serverEntry)) as ServerBuild
      clientDir = path.join(buildDir, 'client')
    }

    const standIn = config.demoMode
      ? createDiscordStandIn({
          users: [...DEMO_USERS, ...DEMO_NEWCOMERS, ...DEMO_ALLIES],
          clientId: config.discord.clientId,
          clientSecret: config.discord.clientSecret,
          botToken: config.discord.botToken,
          redirectUris: [`${config.appUrl}/auth/discord/callback`],
          appLoginUrl: `${config.appUrl}/auth/discord`,
          appName: 'Task Force HQ',
          controls: false,
        }).router
      : undefined
    const app = createHttpApp({ services, build, mode: options.mode, vite, clientDir, discordStandIn: standIn })
    // The polled ORBAT JSON and the live stream are answered before Express (server/http/live-routes.ts).
    const streams = streamLimiter(config)
    const live = liveRequestHandler(services, streams)
    const { limits } = config
    const server = http.createServer(
      {
        // Slow clients (one header byte every few seconds) are ended within seconds, not minutes: Node checks these
        // timeouts once per connectionsCheckingInterval (docs/security.md, Limits).
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: 1000,
      },
      (req, res) => {
        if (!live(req, res)) app(req, res)
      },
    )
    server.keepAliveTimeout = 65_000
    // Ahead of the HTTP parser: an address past its open-connection limit is closed as it connects.
    const gate = connectionGate(config)
    if (gate) server.prependListener('connection', gate)
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      // A queue for the connections the kernel has accepted before the app takes them as deep as the system allows
      // (Linux caps it at net.core.somaxconn, 4096 by default): with Node's 511, a burst of a few thousand connections
      // (everyone at the sign-up instant, or one client asking for thousands of streams) overflows it, and every
      // connection made meanwhile, /healthz's included, waits a second for its SYN to be sent again.
      server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => resolve())
    })
    // Demo mode: the stand-in Discord forgets at every start; published events and trainings get theirs back.
    if (config.demoMode && jobs) {
      void reconcileDiscordEvents(services).catch((error: unknown) =>
        logger.warn({ msg: 'demo scheduled events not restored', error: describeError(error) }),
      )
    }
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve())
          // Idle keep-alive sockets would hold close() open; long-lived streams get a moment, then go.
          server.closeIdleConnections()
          setTimeout(() => server.closeAllConnections(), 5_000).unref()
        }),
    )
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    return {
      url: `http://localhost:${port}`,
      services,
      server,
      databaseUrl: database.url,
      jobs,
      statements: handle.statements,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
