// The push connection itself refuses a host that resolves to a private address (docs/rules/notifications.md): the
// check at subscription cannot see a name that points elsewhere later, so it is made again at every connection.
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../config.ts'
import { pushAgentFor } from './endpoints.ts'

let server: https.Server
let port: number
const config = (allow: string[]) => ({ push: { endpointAllow: allow } }) as unknown as Config

/** The error code of a GET through the agent, or 'answered' when the connection was made and answered. */
function get(url: string, agent: https.Agent): Promise<string> {
  return new Promise((resolve) => {
    https
      .get(url, { agent, rejectUnauthorized: false }, (res) => {
        res.resume()
        resolve('answered')
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
  })
}

beforeAll(async () => {
  // Plain TLS without a certificate the client trusts is enough: a refused lookup never gets as far as TLS.
  server = https.createServer({}, (_req, res) => res.end()).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

describe('the push connection', () => {
  it('refuses a name that resolves to a loopback address, unless its origin is allowed', async () => {
    const url = `https://localhost:${port}/push`
    expect(await get(url, pushAgentFor(config([]), url))).toBe('ENOTPUBLIC')
    // The allowed origin goes through to the server (which then fails the TLS handshake: it has no certificate).
    expect(await get(url, pushAgentFor(config([`https://localhost:${port}`]), url))).not.toBe('ENOTPUBLIC')
  })
})
