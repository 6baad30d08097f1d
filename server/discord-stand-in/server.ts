// Runs the Discord stand-in in its own Express app on its own port: for integration and browser tests, and for
// `cli.ts`. The app's demo mode mounts the same router at /__discord instead.

import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { createDiscordStandIn, type DiscordStandInOptions } from './router.ts'
import type { DiscordStandInState } from './state.ts'

export interface StartDiscordStandInOptions extends DiscordStandInOptions {
  /** 0 picks a free port. */
  port?: number
  host?: string
}

export interface RunningDiscordStandIn {
  /** e.g. http://127.0.0.1:41234 */
  url: string
  /** The value for DISCORD_API_URL: `${url}/api`. */
  apiUrl: string
  /** The value for DISCORD_AUTHORIZE_URL: `${url}/oauth2/authorize`. */
  authorizeUrl: string
  state: DiscordStandInState
  close(): Promise<void>
}

export async function startDiscordStandIn(options: StartDiscordStandInOptions = {}): Promise<RunningDiscordStandIn> {
  const { port = 0, host = '127.0.0.1', ...standInOptions } = options
  const { router, state } = createDiscordStandIn(standInOptions)
  const app = express()
  app.disable('x-powered-by')
  app.use(router)

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(listening)))
    listening.once('error', reject)
  })
  const address = server.address() as AddressInfo
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const url = `http://${hostForUrl === '0.0.0.0' || hostForUrl === '[::]' ? 'localhost' : hostForUrl}:${address.port}`

  return {
    url,
    apiUrl: `${url}/api`,
    authorizeUrl: `${url}/oauth2/authorize`,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Keep-alive connections (undici keeps them open) would otherwise hold close() for seconds.
        server.closeAllConnections()
      }),
  }
}
