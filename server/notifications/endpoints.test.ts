// The push connection itself refuses a host that resolves to a private address (docs/rules/notifications.md): the
// check at subscription cannot see a name that points elsewhere later, so it is made again at every connection.
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../config.ts'
import { checkPushEndpoint, isPublicAddress, pushAgentFor } from './endpoints.ts'

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

describe('a push endpoint address', () => {
  it('is refused in every form that leads inward, IPv4 written as IPv6 included', async () => {
    const inward = [
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '::7f00:1', // IPv4-compatible
      'fec0::1', // site-local
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '100::1', // discard
      '2001::1', // Teredo
      '::ffff:7f00:1', // IPv4-mapped
      '::ffff:8.8.8.8', // IPv4-mapped, even of a public address
      '2001:db8::1', // documentation
      'fe80::1',
      'fc00::1',
      '::1',
      '::',
      'ff02::1',
      '127.0.0.1',
      '10.1.2.3',
      '100.64.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '192.168.1.1',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '0.0.0.0',
    ]
    expect(inward.filter(isPublicAddress)).toEqual([])
    for (const address of ['64:ff9b::7f00:1', '::7f00:1', 'fec0::1', '2002:7f00:1::1', '100::1'])
      await expect(checkPushEndpoint(config([]), `https://[${address}]/push`), address).rejects.toThrow(
        'The push endpoint must be an https URL on a public address.',
      )
  })

  it('is taken when public', () => {
    expect(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001::200e'].every(isPublicAddress)).toBe(true)
  })
})
