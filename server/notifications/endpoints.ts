import type https from 'node:https'
import type { Config } from '../config.ts'
import { checkPublicHttpsUrl, outboundAgents } from '../lib/public-address.ts'

// A push endpoint is a URL the server will POST to: only https on a public address, so a subscription cannot point
// the server at the unit's own network (docs/rules/notifications.md; the rule itself: server/lib/public-address.ts).
// Origins in PUSH_ENDPOINT_ALLOW are exempt.

export { isPublicAddress } from '../lib/public-address.ts'

const REFUSED = 'The push endpoint must be an https URL on a public address.'

/** Throws Invalid (400) unless the endpoint may be used; resolves a host name to judge every address it has. */
export function checkPushEndpoint(config: Config, endpoint: string): Promise<void> {
  return checkPublicHttpsUrl(endpoint, config.push.endpointAllow, REFUSED)
}

// Kept-alive connections: "sign-ups open" sends to thousands of devices on a few push services. Every connection's
// addresses are checked again (DNS rebinding).
const agents = outboundAgents(REFUSED)

/** The agent a push to `endpoint` goes out through: checked addresses, unless its origin is allowed. */
export function pushAgentFor(config: Config, endpoint: string): https.Agent {
  return config.push.endpointAllow.includes(new URL(endpoint).origin) ? agents.allowed : agents.checked
}
