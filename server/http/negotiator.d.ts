// negotiator 1.x (what express's own content negotiation uses) takes the server's preferred order for codings the
// client rates equally; @types/negotiator still describes 0.6, which lacks it. Only what this app calls.
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> })
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined
    /** The languages of `available` the client accepts, its most preferred first. */
    languages(available: readonly string[]): string[]
  }
  export = Negotiator
}
