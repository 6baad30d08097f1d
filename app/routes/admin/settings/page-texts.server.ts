import type { RouterContextProvider } from 'react-router'
import { settingsTextOf } from '#app/components/admin-settings/texts.ts'
import { refusalsSaying } from '#server/errors.ts'
import { pageLanguage, pageMessages } from '#server/http/page-texts.ts'
import { translate } from '#server/lib/i18n.ts'

// The Admin Settings pages' own words (docs/rules/languages.md): each tab's loader sends the `adminSettings` texts (the
// layout's heading and tabs read them too, and the ORBAT editor's panel gets them with the tab's data), and its action
// answers toasts and refusals in the page's language. The use cases (and the /api) speak English.

type Context = Readonly<RouterContextProvider>

/** The namespaces a settings tab shows, in the page's language. */
export function settingsMessages(request: Request, context: Context) {
  return pageMessages(request, context, ['adminSettings'])
}

/**
 * The page's language for an action or loader: `say('roles.toasts.deleted')`, `text(message)` for an English text of
 * the /api, and `inPage(work)` for a use case's refusals (they come out as a plain ServiceError of the same status).
 */
export async function settingsTexts(request: Request, context: Context) {
  const { language } = await pageLanguage(request, context)
  const say = (key: string, values?: Record<string, string | number>) =>
    translate(language, `adminSettings.${key}`, values)
  const text = (message: string) => {
    const found = settingsTextOf(message)
    return found ? translate(language, found.key, found.values) : message
  }
  /** Runs a use case; its refusal (message and fields) comes out in the page's language. */
  const inPage = <T>(work: Promise<T>) => refusalsSaying(text, work)
  return { language, say, text, inPage }
}
