import { createContext, type RouterContextProvider } from 'react-router'
import type { Config } from './config.ts'
import type { Db } from '#db/client.ts'
import type { DiscordClient } from './discord/client.ts'
import { singleton } from './singleton.ts'

/** Process-wide services, built once by server/main.ts (or a test harness) and handed to every request. */
export interface AppServices {
  config: Config
  db: Db
  discord: DiscordClient
}

/** Per-request facts the HTTP layer knows and route modules need. */
interface RequestInfo {
  cspNonce: string
  clientIp: string
}

// NOTE: the keys live on globalThis (see singleton.ts) so the copy bundled into the React Router build and
// the copy server/main.ts loaded are the same object.
export const appContext = singleton('context:app', () => createContext<AppServices>(), { keep: true })
export const requestContext = singleton('context:request', () => createContext<RequestInfo>(), { keep: true })

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appContext)
}
