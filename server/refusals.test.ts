// A refusal of the member writes is a code in SQL and a text in one place, contracts/orbat-rights.ts ORBAT_REFUSALS:
// every code the stored functions of db/functions can answer has its status and text, the functions hold no text a
// member reads, and no text is written down twice in the product's code.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ORBAT_REFUSAL_FIELDS, ORBAT_REFUSALS } from '#contracts/orbat-rights.ts'
import { storedFunctionFiles } from '#db/client.ts'
import { REFUSAL_CODES, refusalError } from './refusals.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

/** The SQL of db/functions without its comments (a `--` inside a string, as in LIKE '---%', is kept). */
function sqlWithoutComments(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let quoted = false
      for (let i = 0; i < line.length; i++) {
        if (line[i] === "'") quoted = !quoted
        else if (!quoted && line.startsWith('--', i)) return line.slice(0, i)
      }
      return line
    })
    .join('\n')
}

const FUNCTIONS = storedFunctionFiles().map((file) => ({ name: file.name, sql: sqlWithoutComments(file.text) }))

/** The refusal codes db/functions answers: returned (orbat_refused, the refusal_code column) or raised (UR000). */
function codesInFunctions(): Set<string> {
  const codes = new Set<string>()
  for (const { sql } of FUNCTIONS) {
    for (const pattern of [
      /orbat_refused\('(\w+)'/g,
      /refusal_code := '(\w+)'/g,
      /ERRCODE = 'UR000', MESSAGE = '(\w+)'/g,
    ])
      for (const match of sql.matchAll(pattern)) codes.add(match[1]!)
  }
  return codes
}

/** The fixed parts of every text a refusal shows (a text with a detail is split around it). */
const TEXTS = [
  ...Object.values(ORBAT_REFUSALS).flatMap((text) => text.split('%s')),
  ...Object.values(ORBAT_REFUSAL_FIELDS).map((field) => field!.hint),
]
  .map((part) => part.trim())
  .filter((part) => part.length > 3)

/** The product's source files (tests, which check the texts from outside, are not the product). */
function productFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name)
    if (entry.isDirectory()) return productFiles(relative)
    return /\.(ts|tsx|sql)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : []
  })
}

describe('the refusals of the member writes', () => {
  it('every code the stored functions answer has an answer here, and every answer is answered by them', () => {
    expect([...codesInFunctions()].sort()).toEqual([...REFUSAL_CODES].sort())
  })

  it('db/functions holds no text a member reads: a refusal is raised and returned as a code', () => {
    for (const { name, sql } of FUNCTIONS) {
      expect(sql, `${name}: RAISE with a text`).not.toMatch(/RAISE\s+(EXCEPTION\s+)?'/)
      for (const text of TEXTS) expect(sql, `${name} holds "${text}"`).not.toContain(text)
    }
  })

  it('each text is written once in the product: in contracts/orbat-rights.ts', () => {
    const files = ['app', 'contracts', 'db', 'jobs', 'server']
      .flatMap(productFiles)
      .filter((file) => !file.startsWith(path.join('db', 'migrations')))
    const holders = new Map<string, string[]>()
    for (const file of files) {
      const source = fs.readFileSync(path.join(ROOT, file), 'utf8')
      for (const text of TEXTS) if (source.includes(text)) holders.set(text, [...(holders.get(text) ?? []), file])
    }
    for (const text of TEXTS) expect(holders.get(text), text).toEqual([path.join('contracts', 'orbat-rights.ts')])
  })

  it('become the answers the API has always given: status and text', () => {
    const answer = (code: string, detail?: string) => {
      const error = refusalError(code, detail)
      return error.fields
        ? { status: error.status, error: error.message, fields: error.fields }
        : { status: error.status, error: error.message }
    }
    expect(answer('signedOut')).toEqual({ status: 401, error: 'You must be logged in.' })
    expect(answer('signUpsLocked')).toEqual({ status: 403, error: 'Sign-ups are locked.' })
    expect(answer('unlockFillPending')).toEqual({
      status: 403,
      error: 'The waitlist fill of the unlock has not run yet.',
    })
    expect(answer('bannedSignUp')).toEqual({ status: 403, error: 'Banned members cannot sign up.' })
    expect(answer('slotNotFound')).toEqual({ status: 404, error: 'Slot not found.' })
    expect(answer('notASlot')).toEqual({ status: 400, error: 'This row is a heading, not a slot.' })
    expect(answer('alreadyYourSlot')).toEqual({ status: 409, error: 'You are already signed up to this slot.' })
    expect(answer('slotTaken')).toEqual({ status: 409, error: 'This slot is already taken.' })
    expect(answer('roleLocked', 'Pilot $& %s')).toEqual({
      status: 403,
      error: 'This slot is locked to Pilot $& %s. You do not have the required Discord role.',
    })
    expect(answer('notYourSlot')).toEqual({ status: 403, error: 'You can only leave your own slot.' })
    expect(answer('waitlistLocked')).toEqual({ status: 403, error: 'The waitlist is locked until sign-ups open.' })
    expect(answer('bannedWaitlist')).toEqual({ status: 403, error: 'Banned members cannot join the waitlist.' })
    expect(answer('holdsSlot')).toEqual({
      status: 409,
      error: 'You already hold a slot. Leave it before joining the waitlist.',
    })
    expect(answer('noEligibleRole')).toEqual({
      status: 403,
      error: 'You need an eligible Discord role to join the waitlist.',
    })
    expect(answer('noGeneralWaitlist')).toEqual({
      status: 403,
      error: 'Your roles do not allow joining the general waitlist. Choose a squad preference.',
    })
    expect(answer('squadTakesNoPreferences')).toEqual({
      status: 400,
      error: 'That squad does not take waitlist preferences.',
      fields: { squad_preference: ['Choose one of the listed squads.'] },
    })
    expect(answer('alreadyOnWaitlist')).toEqual({ status: 409, error: 'You are already on the waitlist.' })
    expect(answer('notOnWaitlist')).toEqual({ status: 409, error: 'You are not on the waitlist.' })
    expect(() => refusalError('noSuchRefusal')).toThrow(/unknown refusal code/)
  })
})
