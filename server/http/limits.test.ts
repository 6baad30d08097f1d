import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import type { Config } from '../config.ts'
import { clientAddressOf } from './limits.ts'

// The client address the stream caps count by, for every form TRUST_PROXY takes (README, Configuration).
const request = (forwardedFor?: string) =>
  ({
    socket: { remoteAddress: '10.0.0.2' },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    connection: { remoteAddress: '10.0.0.2' },
  }) as unknown as IncomingMessage
const addressWith = (trustProxy: string | undefined) => clientAddressOf({ trustProxy } as Config)

describe('clientAddressOf', () => {
  it('is the connection address without TRUST_PROXY', () => {
    expect(addressWith(undefined)(request('203.0.113.9'))).toBe('10.0.0.2')
  })
  it('reads X-Forwarded-For through a number of hops, true, or a list of trusted proxies', () => {
    expect(addressWith('1')(request('203.0.113.9'))).toBe('203.0.113.9')
    expect(addressWith('1')(request('198.51.100.7, 203.0.113.9'))).toBe('203.0.113.9')
    expect(addressWith('true')(request('198.51.100.7, 203.0.113.9'))).toBe('198.51.100.7')
    expect(addressWith('10.0.0.0/8')(request('203.0.113.9'))).toBe('203.0.113.9')
    expect(addressWith('loopback')(request('203.0.113.9'))).toBe('10.0.0.2')
  })
  it('falls back to the connection address when TRUST_PROXY names nothing it can read', () => {
    expect(addressWith('not an address')(request('203.0.113.9'))).toBe('10.0.0.2')
  })
})
