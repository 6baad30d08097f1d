import { ConfirmHost } from '#app/ui/confirm.tsx'
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import { DEFAULT_UNIT_TIME_ZONE, type ViewerTimeZone } from '#contracts/time-zone.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SheetProvider } from '#app/ui/sheet.tsx'
import { ToastProvider } from '#app/ui/toaster.tsx'
import { TopBar } from '#app/components/top-bar.tsx'
import { useNonce } from '#app/ui/nonce.tsx'
import { TimeZoneCookieScript, TimeZoneProvider } from '#app/ui/date-time.tsx'
import { OfflineMark, useServiceWorker } from '#app/ui/service-worker.tsx'
import { getServices } from '#server/context.ts'
import { getUser, toPublicUser } from '#server/auth/user.ts'
import { viewerTimeZone } from '#server/unit/time-zone.ts'
import { pageLanguage } from '#server/http/page-texts.ts'
import { messagesFor } from '#server/lib/i18n.ts'
import { DEFAULT_LANGUAGE } from '#contracts/languages.ts'
import { I18nProvider } from '#app/ui/i18n.tsx'
import { readToast } from '#server/toast.ts'
import { manifestPath } from '#server/i18n-files.ts'
import appStylesheet from './app.css?url'

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context)
  const [user, { toast, clear }, timeZone, language] = await Promise.all([
    getUser(services, request),
    readToast(services.config, request),
    viewerTimeZone(request, services.db),
    pageLanguage(request, context),
  ])
  const publicUser = user ? await toPublicUser(services.db, user) : null
  return data(
    {
      user: publicUser,
      toast,
      timeZone,
      language,
      // The web app manifest in the page's language (its description; public/manifest*.webmanifest).
      manifest: manifestPath(language.language),
      // The kit's shared parts (the pager, the leave badge) speak English on the pages not in the catalogs yet; a
      // translated page's loader sends `kit` in its language, which the provider lays over this one.
      messages: { ...messagesFor(language.language, ['shell']), ...messagesFor('en', ['kit']) },
    },
    clear ? { headers: { 'Set-Cookie': clear } } : undefined,
  )
}

/** An error page without the root loader's data: the default unit zone. */
const UNKNOWN_VIEWER_ZONE: ViewerTimeZone = { zone: DEFAULT_UNIT_TIME_ZONE, source: 'unit' }

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const rootData = useRouteLoaderData<typeof loader>('root')
  useServiceWorker()
  return (
    <html lang={rootData?.language.language ?? DEFAULT_LANGUAGE} className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href={rootData?.manifest ?? '/manifest.webmanifest'} />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        <meta name="theme-color" content="#16a34a" />
        {/* NOTE: a precedence makes React write the stylesheet before the scripts' modulepreload links, so a phone asks
            for what the first paint waits on before the code it can paint without. */}
        <link rel="stylesheet" href={appStylesheet} precedence="app" nonce={nonce} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-dvh">
        <TimeZoneProvider value={rootData?.timeZone ?? UNKNOWN_VIEWER_ZONE}>
          <I18nProvider
            language={rootData?.language.language ?? DEFAULT_LANGUAGE}
            timeZone={(rootData?.timeZone ?? UNKNOWN_VIEWER_ZONE).zone}
          >
            <ToastProvider flash={rootData?.toast ?? null}>
              <SheetProvider>
                <TopBar user={rootData?.user ?? null} />
                <OfflineMark />
                {children}
                <ConfirmHost />
              </SheetProvider>
            </ToastProvider>
          </I18nProvider>
        </TimeZoneProvider>
        {/* After the content: a script waits for the stylesheet before it runs, and holds the parser meanwhile. */}
        <TimeZoneCookieScript nonce={nonce} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function meta() {
  return [
    { title: 'Task Force HQ' },
    { name: 'description', content: 'Order of battle, roster, trainings and tests for the unit.' },
  ]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

/** The signed-in user, from the root loader (null when signed out). */
export function useOptionalUser() {
  return useRouteLoaderData<typeof loader>('root')?.user ?? null
}
