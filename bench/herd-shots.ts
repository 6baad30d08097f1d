// What the herd sends and where its CPU goes: shared by the herd's rounds (bench/herd.ts, bench/herd-unlock.ts).
import type { BenchMember } from './herd.ts'

/** A server the burst goes to: an app instance, or the floor (bench/floor-server.ts). */
export interface Target {
  url: string
  pid: number
}

export interface Shot {
  member: BenchMember
  slotId: number
  url: string
  method: string
  headers: Record<string, string>
}

/** The page a member has open before the burst: the app reads their session, as the ORBAT page's load did. */
export function pageOf(shot: Shot): { url: string; headers: Record<string, string> } {
  const { origin } = new URL(shot.url)
  return { url: `${origin}/auth/user`, headers: shot.headers.cookie ? { cookie: shot.headers.cookie } : {} }
}

/** A member's sign-up for a slot on an app instance: the page's own call, with the session cookie. */
export function appShot(target: Target, member: BenchMember, slotId: number): Shot {
  return {
    member,
    slotId,
    url: `${target.url}/api/slot/${slotId}/signup`,
    method: 'POST',
    headers: { cookie: member.cookie, origin: target.url, 'content-length': '0' },
  }
}

/** The same member and slot on the floor: no session, the user id in a header. */
export function floorShot(target: Target, member: BenchMember, slotId: number): Shot {
  return {
    member,
    slotId,
    url: `${target.url}/floor/${slotId}`,
    method: 'POST',
    headers: { 'x-user-id': String(member.userId), 'content-length': '0' },
  }
}

/** CPU milliseconds per request: the servers' own processes, and PostgreSQL (the children of the app process). */
export interface CpuSplit {
  server: number
  database: number
}

/** From withCpuOf over [...servers, database host]: the servers' own CPU and the database host's descendants. */
export function cpuPerRequest(cpu: Array<{ self: number; descendants: number }>, requests: number): CpuSplit {
  const servers = cpu.slice(0, -1).reduce((sum, c) => sum + c.self, 0)
  return { server: (1000 * servers) / requests, database: (1000 * cpu.at(-1)!.descendants) / requests }
}
