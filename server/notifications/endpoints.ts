import dnsCallbacks from 'node:dns'
import dns from 'node:dns/promises'
import https from 'node:https'
import net from 'node:net'
import ipaddr from 'ipaddr.js'
import type { Config } from '../config.ts'
import { Invalid } from '../errors.ts'

// A push endpoint is a URL the server will POST to: only https on a public address, so a subscription cannot point
// the server at the unit's own network (docs/rules/notifications.md). Origins in PUSH_ENDPOINT_ALLOW are exempt.

/** IANA's global unicast space: everything else (IPv4-compatible ::a.b.c.d, NAT64's 64:ff9b::, site-local) is out. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3')

/**
 * Whether an address is a public one, by ipaddr.js's registry of special ranges rather than a hand list: IPv4 only in
 * its plain unicast range (no private, loopback, shared, link-local, reserved, benchmarking or multicast address),
 * IPv6 only in the global unicast space and there not in a range that leads to IPv4 or elsewhere (6to4, Teredo,
 * documentation, ORCHID, ...). IPv4 written as IPv6 (mapped, compatible, NAT64) is refused whatever it points at.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast'
  return parsed.match(GLOBAL_UNICAST_V6) && parsed.range() === 'unicast'
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
