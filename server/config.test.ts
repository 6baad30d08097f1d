import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'
import { DEMO_CLIENT_ID } from '#db/seed/demo-guild.ts'

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-'))

describe('loadConfig', () => {
  it('starts in demo mode with the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() })
    expect(config.port).toBe(3000)
    expect(config.host).toBe('0.0.0.0')
    expect(config.appUrl).toBe('http://localhost:3000')
    expect(config.demoMode).toBe(true)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.rateLimitPerMinute).toBe(30)
    expect(config.discord.clientId).toBe(DEMO_CLIENT_ID)
    expect(config.discord.apiUrl).toBe('http://localhost:3000/__discord/api')
    expect(config.discord.authorizeUrl).toBe('http://localhost:3000/__discord/oauth2/authorize')
    expect(config.sessionSecrets).toHaveLength(1)
  })

  it('reads the origins exempt from the outbound address rule, for push and webhooks apart', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PUSH_ENDPOINT_ALLOW: 'https://push.internal:8443',
      WEBHOOK_ENDPOINT_ALLOW: 'https://hooks.internal, http://10.0.0.5:8080/',
    })
    expect(config.push.endpointAllow).toEqual(['https://push.internal:8443'])
    expect(config.webhooks.endpointAllow).toEqual(['https://hooks.internal', 'http://10.0.0.5:8080'])
    expect(loadConfig({ DATA_DIR: dataDir() }).webhooks.endpointAllow).toEqual([])
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEBHOOK_ENDPOINT_ALLOW: 'https://hooks.internal/path' })).toThrow(
      /WEBHOOK_ENDPOINT_ALLOW/,
    )
  })

  it('keeps the generated development secret across restarts', () => {
    const dir = dataDir()
    expect(loadConfig({ DATA_DIR: dir }).sessionSecrets).toEqual(loadConfig({ DATA_DIR: dir }).sessionSecrets)
  })

  it('uses real Discord endpoints by default once a client id is set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DISCORD_CLIENT_ID: '123',
      DISCORD_CLIENT_SECRET: 's',
      DISCORD_ADMIN_ROLE_IDS: '111111, 222222',
      APP_URL: 'https://unit.example/',
      SESSION_SECRET: 'new,old',
    })
    expect(config.demoMode).toBe(false)
    expect(config.discord.apiUrl).toBe('https://discord.com/api')
    expect(config.discord.authorizeUrl).toBe('https://discord.com/oauth2/authorize')
    expect(config.discord.adminRoleIds).toEqual(['111111', '222222'])
    expect(config.appUrl).toBe('https://unit.example')
    expect(config.secure).toBe(true)
    expect(config.sessionSecrets).toEqual(['new', 'old'])
  })

  it('names every bad variable in one readable error', () => {
    let error: unknown
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        DISCORD_API_URL: 'not a url',
        DISCORD_ADMIN_ROLE_IDS: 'admins',
        RATE_LIMIT_PER_MINUTE: '-1',
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    for (const name of ['PORT', 'DATABASE_URL', 'DISCORD_API_URL', 'DISCORD_ADMIN_ROLE_IDS', 'RATE_LIMIT_PER_MINUTE']) {
      expect(message).toContain(name)
    }
  })

  it('refuses demo mode and a missing SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DISCORD_CLIENT_ID[\s\S]*SESSION_SECRET/)
    expect(() => loadConfig({ NODE_ENV: 'production', DISCORD_CLIENT_ID: '1', DISCORD_CLIENT_SECRET: 's' })).toThrow(
      /SESSION_SECRET/,
    )
  })

  it('treats empty variables as unset', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '',
      RATE_LIMIT_PER_MINUTE: ' ',
      DISCORD_API_URL: '',
      APP_URL: '',
    })
    expect(config.port).toBe(3000)
    expect(config.rateLimitPerMinute).toBe(30)
    expect(config.appUrl).toBe('http://localhost:3000')
  })

  it('needs the client secret with a client id', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DISCORD_CLIENT_ID: '1' })).toThrow(/DISCORD_CLIENT_SECRET/)
  })
})
