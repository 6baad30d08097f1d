import { data, useActionData } from 'react-router'
import type { Route } from './+types/route'
import { CsvImportSection, type CsvImportAnswer } from './csv-import.tsx'
import { DiscordImportSection } from './discord-import.tsx'
import {
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  MOVING_MESSAGES,
  type CsvImportInput,
  type DiscordImportMember,
} from '#contracts/moving.ts'
import { RANKS, type Rank } from '#contracts/roster.ts'
import { failWithToast, readAdminPost, succeed, unknownIntent, type AdminPost } from '#app/forms/respond.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { userMessageOf } from '#server/errors.ts'
import { unitToday } from '#server/leave/days.ts'
import { applyCsvImport, ImportRefused, previewCsvImport } from '#server/moving/csv-import.ts'
import {
  discordImportList,
  importFromDiscord,
  takeDiscordRoles,
  takeRosterRoles,
} from '#server/moving/discord-import.ts'

// Import (docs/rules/roster.md, Moving in and out): the roster from a CSV file (a preview of every row, the columns
// mapped by header or by the admin, a rank map, then all or nothing) and from the Discord server (the guild's members
// not on the roster, ticked and imported; those whose roles disagree with the roster, settled one way or the other).
// Plain forms: the preview is the action's answer, rendered on the page, so all of it works without JavaScript.

const IMPORT_INTENTS = {
  csvPreview: 'csv-preview',
  csvApply: 'csv-apply',
  discordImport: 'discord-import',
  takeRoster: 'take-roster',
  takeDiscord: 'take-discord',
} as const

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  const services = getServices(context)
  const role = new URL(request.url).searchParams.get('role') || null
  const { today } = await unitToday(services.db)
  let members: DiscordImportMember[] = []
  let discordError: string | null = null
  try {
    members = await discordImportList(services)
  } catch (error) {
    discordError = userMessageOf(error, 'Could not read the Discord server.').message
  }
  const roles = [...new Set(members.filter((m) => !m.on_roster).flatMap((m) => m.roles))].sort()
  return {
    today,
    role,
    roles,
    discordError,
    newcomers: members.filter((m) => !m.on_roster && (!role || m.roles.includes(role))),
    differing: members.filter((m) => m.on_roster && m.differences.length),
  }
}

/** The CSV form's fields as the import reads them. */
async function csvInput(form: FormData): Promise<{ input: CsvImportInput; fileError: string | null }> {
  const file = form.get('file')
  let csv = String(form.get('csv') ?? '')
  let fileError: string | null = null
  if (file instanceof File && file.size > 0) {
    if (file.size > IMPORT_LIMITS.maxBytes) fileError = MOVING_MESSAGES.tooLarge
    else csv = await file.text()
  }
  // After a first preview every field's choice is sent, '' for "not imported"; before it, the headers decide.
  const mapped = form.get('mapped') === '1'
  const mapping = mapped
    ? Object.fromEntries(IMPORT_FIELDS.map((field) => [field, String(form.get(`map_${field}`) ?? '') || null]))
    : undefined
  const from = form.getAll('rank_from').map(String)
  const to = form.getAll('rank_to').map(String)
  const rankMap: Record<string, Rank> = {}
  from.forEach((name, index) => {
    const rank = to[index]
    if (name && rank && (RANKS as readonly string[]).includes(rank)) rankMap[name] = rank as Rank
  })
  return {
    input: { csv, mapping, rank_map: rankMap, create_missing: form.get('create_missing') === 'on' },
    fileError,
  }
}

async function csvAction(post: AdminPost, apply: boolean) {
  const { input, fileError } = await csvInput(post.form)
  const answer = (fields: Omit<CsvImportAnswer, 'csv' | 'rankMap' | 'createMissing'>, status = 200) =>
    data<{ csvImport: CsvImportAnswer }>(
      {
        csvImport: {
          csv: input.csv,
          rankMap: input.rank_map ?? {},
          createMissing: input.create_missing ?? false,
          ...fields,
        },
      },
      { status },
    )
  if (fileError) return answer({ preview: null, error: fileError }, 400)
  if (!input.csv.trim()) return answer({ preview: null, error: MOVING_MESSAGES.csvRequired }, 400)
  const services = getServices(post.context)
  try {
    if (!apply) return answer({ preview: await previewCsvImport(services.db, input), error: null })
    const result = await applyCsvImport(services, post.admin, { ...input, apply: true })
    if (!result.created && !result.updated) return succeed(post, MOVING_MESSAGES.nothingToImport)
    return succeed(post, MOVING_MESSAGES.imported(result.created, result.updated))
  } catch (error) {
    if (error instanceof ImportRefused) return answer({ preview: error.preview, error: error.message }, 400)
    const { status, message } = userMessageOf(error, 'The import failed.')
    if (status < 500) return answer({ preview: null, error: message }, status)
    return failWithToast(post, error, 'The import failed.')
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const services = getServices(context)
  switch (post.intent) {
    case IMPORT_INTENTS.csvPreview:
      return csvAction(post, false)
    case IMPORT_INTENTS.csvApply:
      return csvAction(post, true)
    case IMPORT_INTENTS.discordImport: {
      const ids = post.form.getAll('discord_id').map(String)
      if (!ids.length)
        return failWithToast(post, new Error(MOVING_MESSAGES.discordPickSome), MOVING_MESSAGES.discordPickSome)
      const joinDate = String(post.form.get('join_date') ?? '') || undefined
      try {
        const { created } = await importFromDiscord(services, post.admin, { discord_ids: ids, join_date: joinDate })
        return succeed(post, MOVING_MESSAGES.discordImported(created))
      } catch (error) {
        return failWithToast(post, error, 'The import failed.')
      }
    }
    case IMPORT_INTENTS.takeRoster:
    case IMPORT_INTENTS.takeDiscord: {
      const discordId = String(post.form.get('discord_id') ?? '')
      try {
        const name =
          post.intent === IMPORT_INTENTS.takeRoster
            ? await takeRosterRoles(services, post.admin, discordId)
            : await takeDiscordRoles(services, post.admin, discordId)
        return succeed(
          post,
          post.intent === IMPORT_INTENTS.takeRoster
            ? `${name}: Discord will get the roster's roles.`
            : `${name}: the roster took Discord's rank and qualifications.`,
        )
      } catch (error) {
        return failWithToast(post, error, 'That did not work.')
      }
    }
    default:
      return unknownIntent(post)
  }
}

export default function ImportRoute({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<{ csvImport?: CsvImportAnswer }>()
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-3xl text-sm text-zinc-400">
        Bring your unit in: from a spreadsheet or another tool&apos;s export, or straight from your Discord server.
        Every list goes out again as CSV from its own tab;{' '}
        <a className="text-brand-400 underline" href="/api/admin/roster/export.csv" download>
          download the roster
        </a>{' '}
        in the columns this import reads.
      </p>
      <CsvImportSection answer={answer?.csvImport ?? null} />
      <DiscordImportSection data={loaderData} />
    </div>
  )
}

export function meta() {
  return [{ title: 'Import · Roster Management · Task Force HQ' }]
}
