/**
 * How the bare server finds the answer the app gave to a request: its path (with query) and the headers that chose
 * that answer. Header names in lower case, as node:http gives them.
 */
export function answerKey(path: string, headers: Record<string, string | string[] | undefined>): string {
  const chosenBy = ['accept-encoding', 'if-none-match']
    .filter((name) => headers[name])
    .map((name) => `${name}=${String(headers[name])}`)
  return [path, ...chosenBy].join(' ')
}
