import { describe, expect, it } from 'vitest'
import { describeError, StartupError } from './error-text.ts'

describe('describeError', () => {
  it('never answers a bare "undefined" or an empty text, whatever was thrown', () => {
    const circular: Record<string, unknown> = { code: 'E_LOOP' }
    circular.self = circular
    const odd: unknown[] = [
      undefined,
      null,
      '',
      new Error(''),
      {},
      circular,
      10n,
      Symbol('x'),
      () => {},
      new StartupError(''),
    ]
    for (const value of odd) {
      const text = describeError(value)
      expect(text, String(typeof value)).not.toBe('undefined')
      expect(text.trim(), String(typeof value)).not.toBe('')
    }
    expect(describeError(undefined)).toBe('failed without an error value')
  })

  it('gives an Error its message and its causes, without the class name', () => {
    const error = new Error('could not start', { cause: new Error('port taken', { cause: 'EADDRINUSE' }) })
    expect(describeError(error)).toBe('could not start (cause: port taken (cause: EADDRINUSE))')
    expect(describeError(new AggregateError([new Error('a'), 'b'], 'both failed'))).toBe('both failed (a; b)')
  })

  it('writes other values as JSON, or inspected when JSON cannot hold them', () => {
    expect(describeError('plain text')).toBe('plain text')
    expect(describeError({ code: '57P01', detail: 'terminating' })).toBe('{"code":"57P01","detail":"terminating"}')
    expect(describeError(42)).toBe('42')
    expect(describeError(10n)).toBe('10n')
  })
})
