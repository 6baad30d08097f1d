import type { RouterContextProvider } from 'react-router'
import { getUser } from '../auth/user.ts'
import { getServices } from '../context.ts'
import { messagesFor, type CompiledMessages, type Namespace } from '../lib/i18n.ts'
import { viewerLanguage, type ViewerLanguage } from '../unit/language.ts'

// A page's language is decided once per request (docs/rules/languages.md): the root loader and the page's own loader
// run side by side and both ask; the first asks the database, the other waits for the same answer.
const decided = new WeakMap<Request, Promise<ViewerLanguage>>()

export function pageLanguage(request: Request, context: Readonly<RouterContextProvider>): Promise<ViewerLanguage> {
  let language = decided.get(request)
  if (!language) {
    const services = getServices(context)
    language = getUser(services, request).then((user) => viewerLanguage(request, services.db, user))
    decided.set(request, language)
  }
  return language
}

/** The texts of the namespaces a page shows, in its language: what its loader returns as `messages`. */
export async function pageMessages(
  request: Request,
  context: Readonly<RouterContextProvider>,
  namespaces: readonly Namespace[],
): Promise<CompiledMessages> {
  const { language } = await pageLanguage(request, context)
  // The root already sends the kit in English (app/root.tsx): an English page need not send it twice.
  return messagesFor(language, language === 'en' ? namespaces.filter((name) => name !== 'kit') : namespaces)
}
