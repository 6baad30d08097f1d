import { useMemo } from 'react'
import { useMatches } from 'react-router'
import {
  IntlProvider,
  useFormatter,
  useLocale,
  useMessages,
  useTimeZone,
  useTranslations,
  type AbstractIntlMessages,
} from 'use-intl'
import { intlLocale, type PageLanguage } from '#contracts/languages.ts'
// NOTE: only the shell's English texts reach the browser's bundle (a named JSON import is tree-shaken): what the error
// screen shows when the root loader itself failed and no texts came with the page.
import { shell as englishShell } from '#contracts/i18n/en.json'
import type en from '#contracts/i18n/en.json'

declare module 'use-intl' {
  interface AppConfig {
    Messages: typeof en
  }
}

// The page's texts (docs/rules/languages.md): each route's loader returns the namespaces it shows as `messages`, in the
// page's one language; the provider merges those of every matched route (the root's shell and the page's own), so a
// page downloads only its own texts and a client-side navigation brings the next page's with its data.

/** The loader data of a route that shows translated texts. */
export interface WithMessages {
  messages: AbstractIntlMessages
}

function messagesOf(data: unknown): AbstractIntlMessages | null {
  if (!data || typeof data !== 'object' || !('messages' in data)) return null
  const { messages } = data as Partial<WithMessages>
  return messages && typeof messages === 'object' ? messages : null
}

export function I18nProvider({
  language,
  timeZone,
  children,
}: {
  language: PageLanguage
  timeZone: string
  children: React.ReactNode
}) {
  const matches = useMatches()
  const messages = useMemo(() => {
    const merged: AbstractIntlMessages = {}
    for (const match of matches) Object.assign(merged, messagesOf(match.loaderData))
    merged['shell'] ??= englishShell
    return merged
  }, [matches])
  return (
    <IntlProvider locale={intlLocale(language)} messages={messages} timeZone={timeZone}>
      {children}
    </IntlProvider>
  )
}

/**
 * Texts that came with data rather than with a route's loader (a side sheet filled by a fetcher): laid over the page's
 * own for the part of the page that shows that data. Without them (still loading), the page's texts alone.
 */
export function MoreMessages({ messages, children }: { messages?: AbstractIntlMessages; children: React.ReactNode }) {
  const outer = useMessages()
  const locale = useLocale()
  const timeZone = useTimeZone()
  const merged = useMemo(() => (messages ? { ...outer, ...messages } : outer), [outer, messages])
  return (
    <IntlProvider locale={locale} messages={merged} timeZone={timeZone}>
      {children}
    </IntlProvider>
  )
}

/** The texts of one namespace: `const t = useT('account'); t('title')`. */
export const useT = useTranslations
/** Numbers and dates in the page's language (and the viewer's time zone): `useFormatter().dateTime(date, options)`. */
export { useFormatter }
/** The page's locale ('en', 'de', ...): for the dates and numbers the app formats itself. */
export { useLocale }
