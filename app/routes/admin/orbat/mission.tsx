import { data, Form, Link, useNavigation } from 'react-router'
import type { z } from 'zod'
import type { Route } from './+types/mission'
import { failWithToast, readAdminPost, succeed, unknownIntent } from '#app/forms/respond.ts'
import { Badge } from '#app/ui/badge.tsx'
import { primaryButton, secondaryButton } from '#app/ui/button.ts'
import { confirmBeforeSubmit, ConfirmStep } from '#app/ui/confirm.tsx'
import { HiddenFields, Notice } from '#app/ui/field.tsx'
import {
  applyConfirm,
  confirmedFreedSchema,
  MISSION_FILE,
  missionProposalSchema,
  skippedUnitsSchema,
  type MissionImport,
} from '#contracts/mission-file.ts'
import { countOf } from '#contracts/plural.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { userMessageOf } from '#server/errors.ts'
import { applyConfirmedImport, previewImport } from '#server/orbat/mission/mission-file.ts'
import { missionFromForm } from '#server/orbat/mission/upload.ts'

// The mission file round trip as a page (docs/rules/orbat.md, The mission file), reached from the ORBAT editor's
// Actions menu; it works without JavaScript. Import: the file posted here, a preview, then Apply posts the previewed
// proposal back and saves it through the ORBAT save. An Apply that frees held slots asks first, naming the members:
// the app's confirm dialog, or (without JavaScript, or when someone signed up since the preview) the page's confirm
// step. Export: the form posts straight to the export call, whose answer is the download.

const INTENTS = { preview: 'preview-import', apply: 'apply-import' } as const

interface PreviewAnswer {
  preview?: MissionImport
  proposal?: string
  /** Apply found held slots nobody confirmed freeing (no JavaScript, or someone signed up since): the page asks. */
  confirmApply?: boolean
  error?: string
}

/** A JSON form field read with its schema; a field that does not parse is null. */
function jsonField<T>(form: FormData, name: string, schema: z.ZodType<T>): T | null {
  let value: unknown
  try {
    value = JSON.parse(String(form.get(name) ?? ''))
  } catch {
    return null
  }
  const parsed = schema.safeParse(value)
  return parsed.success ? parsed.data : null
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const services = getServices(context)
  switch (post.intent) {
    case INTENTS.preview:
      try {
        const preview = await previewImport(services.db, await missionFromForm(post.form))
        return data<PreviewAnswer>({ preview, proposal: JSON.stringify(preview.squads) })
      } catch (error) {
        const { status, message } = userMessageOf(error, 'Failed to read the mission file.')
        return data<PreviewAnswer>({ error: message }, { status })
      }
    case INTENTS.apply:
      try {
        const proposal = jsonField(post.form, 'proposal', missionProposalSchema)
        if (!proposal) return data<PreviewAnswer>({ error: 'Upload the mission file again.' }, { status: 400 })
        // Apply frees held slots only after the admin confirmed freeing them (docs/rules/orbat.md, The mission file).
        const confirmed = post.confirmed ? (jsonField(post.form, 'freed', confirmedFreedSchema) ?? []) : []
        const result = await applyConfirmedImport(services, post.admin, proposal, confirmed)
        if ('ask' in result) {
          const skipped = jsonField(post.form, 'skipped', skippedUnitsSchema) ?? []
          return data<PreviewAnswer>({
            preview: { squads: proposal, skipped, binarized: post.form.get('binarized') === 'true', ...result.ask },
            proposal: JSON.stringify(proposal),
            confirmApply: true,
          })
        }
        return succeed(post, 'ORBAT Saved Successfully!', { to: '/admin/orbat' })
      } catch (error) {
        return failWithToast(post, error, 'Failed to apply the mission file.')
      }
    default:
      return unknownIntent(post)
  }
}

const fileInput =
  'block w-full rounded-md border border-zinc-700 bg-zinc-950 text-sm text-zinc-300 file:mr-3 file:h-10 file:border-0 file:bg-zinc-800 file:px-3 file:text-zinc-100'

export default function MissionFilePage({ actionData }: Route.ComponentProps) {
  const answer = actionData as PreviewAnswer | undefined
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12" data-testid="mission-file-page">
      <Link to="/admin/orbat" className="text-sm text-zinc-400 hover:text-zinc-100">
        ← Back to ORBAT Editor
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Mission File</h1>
      <p className="mt-1 max-w-2xl text-sm text-zinc-400">
        Build the ORBAT from an Arma 3 mission&apos;s <code>mission.sqm</code>, or write the ORBAT back into it. Text
        and binarized files (Eden&apos;s &quot;Binarize the Scenario File&quot;) are both read.
      </p>

      <section id="import" aria-labelledby="import-title" className="mt-8 rounded-xl border border-zinc-800 p-4 sm:p-6">
        <h2 id="import-title" className="text-lg font-semibold">
          Import from mission file
        </h2>
        <p className="mt-1 text-sm text-zinc-400">
          One squad per group, one slot per playable unit, named by its role description. Nothing changes until you
          apply the preview. No mission at hand? Try the{' '}
          <a href="/demo-mission.sqm" download className="text-brand-400 underline underline-offset-4">
            demo mission.sqm
          </a>
          .
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value={INTENTS.preview} />
          <label className="flex grow flex-col gap-1.5 text-sm">
            <span className="font-medium text-zinc-200">Mission file (mission.sqm, at most 10 MB)</span>
            <input type="file" name={MISSION_FILE.field} accept=".sqm" required className={fileInput} />
          </label>
          <button type="submit" className={primaryButton}>
            Preview Import
          </button>
        </Form>
        {busy ? (
          <p role="status" className="mt-3 text-sm text-zinc-300">
            Working…
          </p>
        ) : null}
        {answer?.error ? (
          <div className="mt-4" data-testid="mission-error">
            <Notice>{answer.error}</Notice>
          </div>
        ) : null}
        {answer?.preview && answer.proposal ? (
          <Preview preview={answer.preview} proposal={answer.proposal} confirming={answer.confirmApply === true} />
        ) : null}
      </section>

      <section id="export" aria-labelledby="export-title" className="mt-6 rounded-xl border border-zinc-800 p-4 sm:p-6">
        <h2 id="export-title" className="text-lg font-semibold">
          Export to mission file
        </h2>
        <p className="mt-1 text-sm text-zinc-400">
          Choose the mission&apos;s <code>mission.sqm</code>: you get a copy in which role descriptions, callsigns and
          variable names (<code>tfhq_slot_&lt;id&gt;</code>) follow the ORBAT. Nothing else in the file changes. A
          binarized file comes back in Eden&apos;s text form, which Arma reads as well.
        </p>
        {/* A plain form: the export call answers with the file, which the browser downloads. */}
        <form
          method="post"
          action="/api/admin/orbat/export/sqm"
          encType="multipart/form-data"
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <label className="flex grow flex-col gap-1.5 text-sm">
            <span className="font-medium text-zinc-200">Mission file to update</span>
            <input type="file" name={MISSION_FILE.field} accept=".sqm" required className={fileInput} />
          </label>
          <button type="submit" className={secondaryButton + ' h-10'}>
            Export
          </button>
        </form>
      </section>
    </main>
  )
}

function Preview({ preview, proposal, confirming }: { preview: MissionImport; proposal: string; confirming: boolean }) {
  const slots = preview.squads.reduce((n, s) => n + s.teams.reduce((m, t) => m + t.slots.length, 0), 0)
  // What Apply posts besides its intent: the proposal, the held slots the admin is asked to free, the units left out.
  const fields = {
    proposal,
    freed: JSON.stringify(preview.freed),
    skipped: JSON.stringify(preview.skipped),
    binarized: String(preview.binarized),
  }
  return (
    <div className="mt-6 flex flex-col gap-5" data-testid="mission-preview">
      {confirming ? (
        <ConfirmStep
          intent={INTENTS.apply}
          fields={fields}
          message={applyConfirm(preview.freed)}
          confirmLabel="Apply"
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-300" data-testid="mission-summary">
          {countOf(preview.squads.length, 'squad')} · {countOf(slots, 'slot')}
          {preview.skipped.length ? ` · ${countOf(preview.skipped.length, 'unit')} not placed` : ''}
        </p>
        {confirming ? null : (
          <Form
            method="post"
            onSubmit={preview.freed.length ? confirmBeforeSubmit(applyConfirm(preview.freed)) : undefined}
          >
            <input type="hidden" name="intent" value={INTENTS.apply} />
            <HiddenFields fields={fields} />
            <input type="hidden" name="confirmed" value="" />
            <button type="submit" className={primaryButton}>
              Apply
            </button>
          </Form>
        )}
      </div>
      {preview.binarized ? (
        <p className="text-sm text-zinc-300" data-testid="mission-binarized">
          This mission.sqm is binarized: it was read from its binary form. Its export comes back as text, which Arma
          reads as well.
        </p>
      ) : null}
      {preview.freed.length ? (
        <div className="rounded-md border border-amber-500/40 bg-amber-950/30 p-3 text-sm" data-testid="mission-freed">
          <p className="font-medium text-amber-200">
            {countOf(preview.freed.length, 'held slot')} will be freed (no slot of that name in that squad); the members
            can sign up again and open slots go to the waitlist:
          </p>
          <ul className="mt-2 list-disc pl-5 text-amber-100">
            {preview.freed.map((f) => (
              <li key={f.slot}>
                {f.member}: {f.slot} will be freed
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.kept.length ? (
        <div className="text-sm text-zinc-300" data-testid="mission-kept">
          <p className="font-medium">Kept with their members:</p>
          <ul className="mt-1 list-disc pl-5 text-zinc-400">
            {preview.kept.map((k) => (
              <li key={k.slot}>
                {k.member}: {k.slot}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.skipped.length ? (
        <div className="text-sm" data-testid="mission-skipped">
          <p className="font-medium text-zinc-200">Not placed:</p>
          <ul className="mt-1 list-disc pl-5 text-zinc-400">
            {preview.skipped.map((s, i) => (
              <li key={i}>
                {s.unit}: {s.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Proposed squads">
        {preview.squads.map((squad) => (
          <li key={squad.name} className="min-w-0 rounded-lg border border-zinc-800 bg-zinc-900/60 p-3">
            <div className="flex items-center justify-between gap-2">
              <h3 className="truncate font-semibold">{squad.name}</h3>
              <Badge tone="muted">{squad.side || 'No side'}</Badge>
            </div>
            {squad.teams.map((team) => (
              <div key={team.name} className="mt-2">
                <p className="text-xs font-semibold tracking-wide text-zinc-400 uppercase">
                  {team.name} · {countOf(team.slots.length, 'slot')}
                </p>
                <ul className="mt-1 text-sm text-zinc-200">
                  {team.slots.map((slot, i) => (
                    <li key={i} className="flex justify-between gap-2">
                      <span className="truncate">{slot.name}</span>
                      <span className="shrink-0 truncate text-xs text-zinc-500">{slot.unit_class}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </li>
        ))}
      </ul>
    </div>
  )
}

export function meta() {
  return [{ title: 'Mission File · ORBAT Editor · Task Force HQ' }]
}
