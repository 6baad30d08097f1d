import type { TestApp } from './app.ts'

// How many statements a request costs the app (the test app counts what its pool sends: RunningApp.statements), so a
// query per row cannot come back unnoticed. Run it on an app without the job runner, with nothing else in flight.

/** The statements the app sends while `request` runs (its answer read to the end). */
export async function statementsOf(t: TestApp, request: () => Promise<Response | unknown>): Promise<number> {
  const before = t.app.statements()
  const answer = await request()
  if (answer instanceof Response) await answer.arrayBuffer()
  return t.app.statements() - before
}
