// Every language stays complete (docs/rules/languages.md): each catalog under contracts/i18n/ has exactly the keys of
// English, each message parses as ICU with the same arguments as its English one, every plural names the categories
// its language's grammar needs (Polish, Russian and Czech have four), and a select keeps English's cases. The
// pseudo-language the browser tests use is made from English and keeps every argument.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { LANGUAGE_CODES } from '#contracts/languages.ts'
import { CATALOGS, messagesFor, translate, type Messages, type Namespace } from '#server/lib/i18n.ts'

function flatten(catalog: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>()
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') flat.set(prefix + key, value)
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) flat.set(k, v)
  }
  return flat
}

/** The message's arguments, and per plural or select argument the cases it names. */
function shape(
  elements: MessageFormatElement[],
  into = { args: new Set<string>(), cases: new Map<string, string[]>() },
) {
  for (const element of elements) {
    if ('value' in element && element.type !== TYPE.literal) into.args.add(String(element.value))
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.cases.set(
        `${element.type === TYPE.plural ? 'plural' : 'select'} ${element.value}`,
        Object.keys(element.options),
      )
      for (const option of Object.values(element.options)) shape(option.value, into)
    }
    if (element.type === TYPE.tag) shape(element.children, into)
  }
  return into
}

const english = flatten(CATALOGS.en)

describe.each(LANGUAGE_CODES.filter((code) => code !== 'en'))('the %s catalog', (language) => {
  const own = flatten(CATALOGS[language])

  it('has every key of English and no other', () => {
    expect(
      [...own.keys()].filter((key) => !english.has(key)),
      'keys English does not have',
    ).toEqual([])
    expect(
      [...english.keys()].filter((key) => !own.has(key)),
      'keys missing',
    ).toEqual([])
  })

  it("keeps every message valid ICU with English's arguments, the plural forms of the language and English's cases", () => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories
    const problems: string[] = []
    for (const [key, text] of own) {
      const source = english.get(key)
      if (source === undefined) continue
      let mine: ReturnType<typeof shape>
      try {
        mine = shape(parse(text))
      } catch (error) {
        problems.push(`${key}: not valid ICU (${String(error)})`)
        continue
      }
      const theirs = shape(parse(source))
      if ([...mine.args].sort().join() !== [...theirs.args].sort().join())
        problems.push(`${key}: arguments ${[...mine.args].join(', ')} where English has ${[...theirs.args].join(', ')}`)
      for (const [name, cases] of mine.cases) {
        if (name.startsWith('plural')) {
          const missing = categories.filter((category) => !cases.includes(category))
          if (missing.length) problems.push(`${key}: ${name} lacks ${missing.join(', ')}`)
        } else {
          const englishCases = theirs.cases.get(name) ?? []
          if (englishCases.join() !== cases.join())
            problems.push(`${key}: ${name} has ${cases} where English has ${englishCases}`)
        }
      }
    }
    expect(problems).toEqual([])
  })
})

describe('the pseudo-language', () => {
  it('is English accented and longer, with every argument kept', () => {
    const namespaces = Object.keys(CATALOGS.en) as Namespace[]
    expect(Object.keys(messagesFor('qps-ploc', namespaces))).toEqual(namespaces)
    expect(translate('qps-ploc', 'home.title')).toMatch(/^Ûñíţ Ĥûƀ·+$/)
    const caption = translate('qps-ploc', 'account.activity.caption', { attended: 3, possible: 5 })
    expect(caption).toContain('3')
    expect(caption).toContain('5')
    expect(caption.length).toBeGreaterThan('Attended 3 of 5 events in the last 12 weeks'.length * 1.3)
  })
})

describe('a key a language lacks', () => {
  it('reads the English text', () => {
    expect(translate('de', 'shell.brand')).toBe('Task Force HQ')
    expect(translate('en', 'account.activity.caption', { attended: 1, possible: 1 })).toBe(
      'Attended 1 of 1 event in the last 12 weeks',
    )
  })
})
