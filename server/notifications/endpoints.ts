import dnsCallbacks from 'node:dns'
import dns from 'node:dns/promises'
import https from 'node:https'
import net from 'node:net'
import type { Config } from '../config.ts'
import { Invalid } from '../errors.ts'

// A push endpoint is a URL the server will POST to: only https on a public address, so a subscription cannot point
// the server at the unit's own network (docs/rules/notifications.md). Origins in PUSH_ENDPOINT_ALLOW are exempt.

const NOT_PUBLIC = new net.BlockList()
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv4')
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv6')

function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return isPublicAddress(mapped)
  return !NOT_PUBLIC.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4')
}

const REFUSED = 'The push endpoint must be an https URL on a public address.'

/** Throws Invalid (400) unless the endpoint may be used; resolves a host name to judge every address it has. */
export async function checkPushEndpoint(config: Config, endpoint: string): Promise<void> {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw new Invalid(REFUSED)
  }
  if (config.push.endpointAllow.includes(url.origin)) return
  if (url.protocol !== 'https:' || url.username || url.password) throw new Invalid(REFUSED)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = net.isIP(host)
    ? [host]
    : await dns.lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((a) => a.address),
        () => [] as string[],
      )
  if (!addresses.length || !addresses.every(isPublicAddress)) throw new Invalid(REFUSED)
}

/**
 * Resolves a push service's host for a connection, refusing it when any address is not public: a name that was public
 * when the device subscribed may point into the unit's network since (DNS rebinding), so the check is made again at
 * every connection. An address written in the URL itself was checked at subscription and cannot change.
 */
const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dnsCallbacks.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, '', 0)
    if (!addresses.length || !addresses.every((a) => isPublicAddress(a.address)))
      return callback(Object.assign(new Error(REFUSED), { code: 'ENOTPUBLIC' }), '', 0)
    if (options.all)
      return (callback as unknown as (e: null, all: dnsCallbacks.LookupAddress[]) => void)(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

// Kept-alive connections: "sign-ups open" sends to thousands of devices on a few push services.
const publicAgent = new https.Agent({ keepAlive: true, lookup: publicOnlyLookup })
const allowedAgent = new https.Agent({ keepAlive: true })

/** The agent a push to `endpoint` goes out through: checked addresses, unless its origin is allowed. */
export function pushAgentFor(config: Config, endpoint: string): https.Agent {
  return config.push.endpointAllow.includes(new URL(endpoint).origin) ? allowedAgent : publicAgent
}
