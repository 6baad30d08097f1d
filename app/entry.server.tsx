import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import { requestContext } from '#server/context.ts'
import { NonceProvider } from '#app/ui/nonce.tsx'

export const streamTimeout = 5_000

/**
 * A page says its language (Content-Language), and a cache that may keep it learns the answer depends on the
 * browser's Accept-Language unless the person's own choice decided (docs/rules/languages.md).
 */
function languageHeaders(headers: Headers, routerContext: EntryContext) {
  const root = routerContext.staticHandlerContext.loaderData['root'] as
    { language?: { language: string; source: string } } | undefined
  if (!root?.language) return
  headers.set('Content-Language', root.language.language)
  if (root.language.source !== 'account') headers.append('Vary', 'Accept-Language')
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestContext).cspNonce
  languageHeaders(responseHeaders, routerContext)
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Bots and no-JS clients get the whole document at once; browsers get the shell as soon as it is ready.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough()
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}
