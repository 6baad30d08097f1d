import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { startupMessage } from './startup-log.ts'

// The start-up log says demo mode when it is (README, Demo mode): before, the one line said "mode":"production" only.

const base = { PORT: '3999', DATA_DIR: '/tmp/milsim-startup-log-test', SESSION_SECRET: 'x'.repeat(32) }

describe('start-up log', () => {
  it('in demo mode says so first, in the listening line and in the banner', () => {
    const { starting, listening, banner } = startupMessage(loadConfig(base), 'production')
    expect(starting?.msg).toMatch(/^demo mode: DISCORD_CLIENT_ID is unset/)
    expect(listening).toMatchObject({
      msg: 'listening in demo mode',
      demoMode: true,
      mode: 'production',
      discord: 'demo stand-in at http://localhost:3999/__discord',
    })
    expect(banner).toContain('Task Force HQ is running at http://localhost:3999 (demo mode)')
  })

  it('with a Discord app it says nothing of a demo', () => {
    const config = loadConfig({ ...base, DISCORD_CLIENT_ID: '1', DISCORD_CLIENT_SECRET: 's' })
    const { starting, listening, banner } = startupMessage(config, 'production')
    expect([starting, banner]).toEqual([null, null])
    expect(listening).toMatchObject({ msg: 'listening', demoMode: false, discord: 'https://discord.com/api' })
  })
})
