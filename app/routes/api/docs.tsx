import type { Route } from './+types/docs'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Badge, type BadgeTone } from '#app/ui/badge.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { openApiDocument } from '#server/openapi/document.ts'
import { referenceOf, type ReferenceOperation, type SchemaRow } from '#server/openapi/reference.ts'

// The API reference (/api/docs): every /api operation, grouped by tag, rendered on the server from the same OpenAPI
// document /api/openapi.json serves. Plain HTML (details elements open without JavaScript), so the CSP needs nothing.

export function loader() {
  const document = openApiDocument()
  return {
    title: document.info.title,
    version: document.info.version,
    intro: (document.info.description ?? '').replace(/`/g, ''),
    tags: referenceOf(document),
  }
}

const METHOD_TONES: Record<string, BadgeTone> = { GET: 'info', POST: 'success', PUT: 'warning', DELETE: 'danger' }

const anchorOf = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`

export default function ApiDocsPage({ loaderData }: Route.ComponentProps) {
  const { title, version, intro, tags } = loaderData
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-zinc-400">OpenAPI 3.1 · version {version}</p>
        </div>
        <a href="/api/openapi.json" className={buttonClass('secondary', 'sm')} download="openapi.json">
          Download openapi.json
        </a>
      </div>
      <p className="mt-4 max-w-3xl text-sm text-zinc-300">{intro}</p>
      <div className="mt-8 flex flex-col gap-8 lg:flex-row">
        <nav aria-label="API sections" className="lg:sticky lg:top-20 lg:w-56 lg:shrink-0 lg:self-start">
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {tags.map((tag) => (
              <li key={tag.name}>
                <a
                  href={`#${anchorOf(tag.name)}`}
                  className="block rounded-md px-2 py-1 text-sm text-zinc-300 hover:bg-zinc-900 hover:text-white"
                >
                  {tag.name} <span className="text-zinc-500">({tag.operations.length})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-1 flex-col gap-10">
          {tags.map((tag) => (
            <section key={tag.name} aria-labelledby={anchorOf(tag.name)}>
              <h2 id={anchorOf(tag.name)} className="mb-3 scroll-mt-20 text-lg font-semibold">
                {tag.name}
              </h2>
              <div className="flex flex-col gap-2">
                {tag.operations.map((op) => (
                  <Operation key={op.id} op={op} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </main>
  )
}

function Operation({ op }: { op: ReferenceOperation }) {
  return (
    <details id={op.id} className="group rounded-lg border border-zinc-800 bg-zinc-900/50">
      <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5 marker:content-none">
        <span className="w-16">
          <Badge tone={METHOD_TONES[op.method] ?? 'neutral'}>{op.method}</Badge>
        </span>
        <code className="font-mono text-sm break-all text-zinc-100">{op.path}</code>
        <span className="text-sm text-zinc-400">{op.summary}</span>
      </summary>
      <div className="flex flex-col gap-4 border-t border-zinc-800 px-3 py-3 text-sm">
        {op.description ? <p className="text-zinc-300">{op.description}</p> : null}
        <p>
          <span className="text-zinc-500">Who may call it: </span>
          <span className="text-zinc-200">{op.access}</span>
        </p>
        {op.params.length ? <Fields title="Parameters" rows={op.params} /> : null}
        {op.body.length ? <Fields title="JSON body" rows={op.body} /> : null}
        {op.answer.length ? <Fields title="Answer (JSON)" rows={op.answer} /> : null}
        <div>
          <h3 className="mb-1 font-semibold text-zinc-200">Answers</h3>
          <ul className="flex flex-col gap-0.5">
            {op.responses.map((r) => (
              <li key={r.status}>
                <code className="mr-2 font-mono text-zinc-100">{r.status}</code>
                <span className="text-zinc-400">{r.description}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </details>
  )
}

function Fields({ title, rows }: { title: string; rows: SchemaRow[] }) {
  return (
    <div>
      <h3 className="mb-1 font-semibold text-zinc-200">{title}</h3>
      <ul className="flex flex-col gap-1">
        {rows.map((row, i) => (
          <li key={`${i}-${row.name}`} style={{ paddingLeft: `${row.depth * 1.25}rem` }} className="leading-snug">
            <code className="font-mono text-brand-400">{row.name}</code>
            {row.required ? <span className="ml-1 text-xs text-red-300">required</span> : null}
            <code className="ml-2 font-mono text-xs break-all text-zinc-300">{row.type}</code>
            {row.notes ? <span className="ml-2 text-xs text-zinc-500">{row.notes}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  )
}

export function meta() {
  return [
    { title: 'API reference · Task Force HQ' },
    { name: 'description', content: 'Every /api call of Task Force HQ: parameters, bodies, answers and access.' },
  ]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
