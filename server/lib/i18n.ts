import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js'
import compile from 'icu-minify/compile'
import format, { type CompiledMessage } from 'icu-minify/format'
import en from '#contracts/i18n/en.json' with { type: 'json' }
import de from '#contracts/i18n/de.json' with { type: 'json' }
import fr from '#contracts/i18n/fr.json' with { type: 'json' }
import pl from '#contracts/i18n/pl.json' with { type: 'json' }
import ru from '#contracts/i18n/ru.json' with { type: 'json' }
import cs from '#contracts/i18n/cs.json' with { type: 'json' }
import es from '#contracts/i18n/es.json' with { type: 'json' }
import { intlLocale, PSEUDO_LANGUAGE, type LanguageCode, type PageLanguage } from '#contracts/languages.ts'

// The app's texts in every language (docs/rules/languages.md): one catalog per language under contracts/i18n/, ICU
// messages (plurals, numbers, selects) grouped by namespace, a namespace per page or area. Pages get only the
// namespaces they show, in their one language, through their loaders; the server's own texts (pushes, direct
// messages, bot posts) use `translate`. A key a language lacks falls back to English (tests/i18n-catalogs.test.ts
// keeps every language complete).

/** A catalog: nested objects whose leaves are ICU messages. */
export interface Messages {
  [key: string]: string | Messages
}
/** A catalog as pages get it: every message compiled (icu-minify), which use-intl formats without an ICU parser. */
export interface CompiledMessages {
  [key: string]: CompiledMessage | CompiledMessages
}
export type Namespace = keyof typeof en

/** A text to write later in a language not known yet (the unit's, read when the post goes out): its key and values. */
export interface CatalogText {
  key: string
  values?: Record<string, string | number>
}

export const CATALOGS: Record<LanguageCode, Messages> = { en, de, fr, pl, ru, cs, es }

/** A catalog laid over English: a key the language lacks reads the English text. */
function withFallback(base: Messages, over: Messages | undefined): Messages {
  const result: Messages = {}
  for (const [key, value] of Object.entries(base)) {
    const own = over?.[key]
    if (typeof value === 'string') result[key] = typeof own === 'string' ? own : value
    else result[key] = withFallback(value, typeof own === 'object' ? own : undefined)
  }
  return result
}

function compileCatalog(catalog: Messages): CompiledMessages {
  return Object.fromEntries(
    Object.entries(catalog).map(([key, value]) => [
      key,
      typeof value === 'string' ? compile(value) : compileCatalog(value),
    ]),
  )
}

const complete = new Map<PageLanguage, CompiledMessages>()

/** The whole catalog of a language (the pseudo-language made from English), every key present, compiled once. */
function catalogOf(language: PageLanguage): CompiledMessages {
  let catalog = complete.get(language)
  if (!catalog) {
    catalog = compileCatalog(language === PSEUDO_LANGUAGE ? pseudoCatalog(en) : withFallback(en, CATALOGS[language]))
    complete.set(language, catalog)
  }
  return catalog
}

/** The namespaces a page shows, in its language: what its loader hands the page. */
export function messagesFor(language: PageLanguage, namespaces: readonly Namespace[]): CompiledMessages {
  const catalog = catalogOf(language)
  return Object.fromEntries(namespaces.map((namespace) => [namespace, catalog[namespace]!]))
}

/** One of the server's own texts (a push, a direct message, a bot post) in `language`: `translate('de', 'shell.login')`. */
export function translate(
  language: PageLanguage,
  key: string,
  values?: Record<string, string | number | Date>,
): string {
  let message: CompiledMessage | CompiledMessages | undefined = catalogOf(language)
  for (const part of key.split('.')) message = isCatalog(message) ? message[part] : undefined
  if (message === undefined || isCatalog(message)) throw new Error(`No message ${key}`)
  return String(format(message, intlLocale(language), values, { formatters: INTL_FORMATTERS }))
}

const INTL_FORMATTERS = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
}

function isCatalog(value: CompiledMessage | CompiledMessages | undefined): value is CompiledMessages {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// --- The pseudo-language --------------------------------------------------------------------------------------------

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
}

/**
 * A text about 40% longer than English, every letter accented: German and Polish run a third longer than English, so
 * a layout that holds the pseudo-language holds them; a text left in plain English stands out among the accents.
 */
function pseudoText(text: string): string {
  const accented = [...text].map((c) => ACCENTED[c] ?? c).join('')
  const padding = '·'.repeat(Math.ceil(text.replace(/\s/g, '').length * 0.4))
  return text.trim() ? `${accented}${padding}` : accented
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: pseudoElements(option.value) },
        ]),
      )
      return { ...element, options }
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) }
    return element
  })
}

function pseudoCatalog(catalog: Messages): Messages {
  return Object.fromEntries(
    Object.entries(catalog).map(([key, value]) => [
      key,
      typeof value === 'string' ? printAST(pseudoElements(parse(value))) : pseudoCatalog(value),
    ]),
  )
}
