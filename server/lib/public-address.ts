import dnsCallbacks from 'node:dns'
import dns from 'node:dns/promises'
import https from 'node:https'
import net from 'node:net'
import ipaddr from 'ipaddr.js'
import { Invalid } from '../errors.ts'

// URLs the server POSTs to on someone's word (push endpoints, webhook endpoints): only https on a public address, so
// nobody can point the server at the unit's own network (docs/rules/notifications.md, docs/rules/webhooks.md). Origins
// an operator lists (PUSH_ENDPOINT_ALLOW, WEBHOOK_ENDPOINT_ALLOW) are exempt.

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

/**
 * Throws Invalid (400) with `refused` unless `target` may be called: an origin in `allow`, or https without
 * credentials on a host whose every address is public (a host name is resolved).
 */
export async function checkPublicHttpsUrl(target: string, allow: readonly string[], refused: string): Promise<void> {
  let url: URL
  try {
    url = new URL(target)
  } catch {
    throw new Invalid(refused)
  }
  if (allow.includes(url.origin)) return
  if (url.protocol !== 'https:' || url.username || url.password) throw new Invalid(refused)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = net.isIP(host)
    ? [host]
    : await dns.lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((a) => a.address),
        () => [] as string[],
      )
  if (!addresses.length || !addresses.every(isPublicAddress)) throw new Invalid(refused)
}

/**
 * Resolves a host for a connection, refusing it when any address is not public: a name that was public when it was
 * checked may point into the unit's network since (DNS rebinding), so the check is made again at every connection. An
 * address written in the URL itself was checked when it was given and cannot change.
 */
export function publicOnlyLookup(refused: string): net.LookupFunction {
  return (hostname, options, callback) => {
    dnsCallbacks.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0)
      if (!addresses.length || !addresses.every((a) => isPublicAddress(a.address)))
        return callback(Object.assign(new Error(refused), { code: 'ENOTPUBLIC' }), '', 0)
      if (options.all)
        return (callback as unknown as (e: null, all: dnsCallbacks.LookupAddress[]) => void)(null, addresses)
      callback(null, addresses[0]!.address, addresses[0]!.family)
    })
  }
}

/** Two kept-alive agents: one that checks every connection's addresses, one for the allowed origins. */
export function outboundAgents(refused: string): { checked: https.Agent; allowed: https.Agent } {
  return {
    checked: new https.Agent({ keepAlive: true, lookup: publicOnlyLookup(refused) }),
    allowed: new https.Agent({ keepAlive: true }),
  }
}
