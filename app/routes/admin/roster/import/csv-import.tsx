import { Form, useNavigation } from 'react-router'
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  RECORD_EXPORT_FIELD,
  type CsvImportPreview,
  type ImportAction,
  type ImportRow,
} from '#contracts/moving.ts'
import { RANKS } from '#contracts/roster.ts'
import { countOf } from '#contracts/plural.ts'
import { Badge, type BadgeTone } from '#app/ui/badge.tsx'
import { buttonClass, primaryButton } from '#app/ui/button.ts'
import { labelClass, Notice, Section, selectClass, textareaClass } from '#app/ui/field.tsx'
import { Table, type Column } from '#app/ui/table.tsx'

// The CSV half of the Import tab: choose or paste a file, preview it (how each column maps, each row's action and
// errors), change the mapping and the rank map, then import all of it or nothing.

export interface CsvImportAnswer {
  csv: string
  preview: CsvImportPreview | null
  error: string | null
  rankMap: Record<string, string>
  createMissing: boolean
}

/** The rows a preview shows: every row with an error, then the first others, so a 5,000-row file stays readable. */
const SHOWN_ROWS = 200

const ACTION_TONES: Record<ImportAction, BadgeTone> = { create: 'success', update: 'info', skip: 'neutral' }
const ACTION_LABELS: Record<ImportAction, string> = { create: 'Add', update: 'Update', skip: 'No change' }

const rowColumns: Column<ImportRow>[] = [
  { header: 'Line', cell: (row) => row.line, className: 'w-16 whitespace-nowrap', cellClassName: 'text-zinc-400' },
  {
    header: 'Member',
    cell: (row) => row.ingame_name || <span className="text-zinc-500">(no name)</span>,
    rowHeader: true,
  },
  {
    header: 'Action',
    cell: (row) =>
      row.errors.length ? (
        <Badge tone="danger">Error</Badge>
      ) : (
        <Badge tone={ACTION_TONES[row.action]}>{ACTION_LABELS[row.action]}</Badge>
      ),
  },
  {
    header: 'Details',
    cell: (row) =>
      row.errors.length ? (
        <ul className="list-disc pl-4 text-red-300">
          {row.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : (
        <span className="text-zinc-400">{row.changes.join('; ')}</span>
      ),
  },
]

export function CsvImportSection({ answer }: { answer: CsvImportAnswer | null }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent')?.toString().startsWith('csv-')
  const preview = answer?.preview ?? null
  return (
    <Section
      title="From a CSV file"
      description="A spreadsheet or another tool's export: comma, semicolon or tab separated, up to 5 MB and 10,000 rows. Rows are matched to members by Discord ID, then by exact in-game name."
    >
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" data-testid="csv-upload">
        <input type="hidden" name="intent" value="csv-preview" />
        <label className={labelClass}>
          CSV file
          <input
            type="file"
            name="file"
            accept=".csv,.tsv,.txt,text/csv"
            className="text-sm text-zinc-300 file:mr-3 file:rounded-md file:border-0 file:bg-zinc-800 file:px-3 file:py-1.5 file:text-zinc-100"
          />
        </label>
        <label className={labelClass}>
          Or paste its text
          <textarea name="csv" rows={4} className={textareaClass} defaultValue={preview ? '' : (answer?.csv ?? '')} />
        </label>
        <div>
          <button type="submit" className={buttonClass('secondary', 'md')} disabled={busy}>
            Preview
          </button>
        </div>
      </Form>
      {answer?.error ? <Notice>{answer.error}</Notice> : null}
      {preview ? <PreviewForm answer={answer!} preview={preview} busy={Boolean(busy)} /> : null}
    </Section>
  )
}

function PreviewForm({ answer, preview, busy }: { answer: CsvImportAnswer; preview: CsvImportPreview; busy: boolean }) {
  const { summary } = preview
  const withErrors = preview.rows.filter((row) => row.errors.length)
  const shown = [...withErrors, ...preview.rows.filter((row) => !row.errors.length)].slice(0, SHOWN_ROWS)
  // Every rank name the file has that is not a rank: the ones already mapped first.
  const rankNames = [...new Set([...Object.keys(answer.rankMap), ...preview.unknown_ranks])]
  const missing = [...preview.missing.qualifications, ...preview.missing.awards]
  const changing = summary.create + summary.update
  // A record export fills a person's service record: only who and what are read from its columns.
  const records = preview.records
  const fields = records ? (['ingame_name', RECORD_EXPORT_FIELD[records]] as const) : IMPORT_FIELDS
  const people = new Set(preview.rows.filter((row) => row.action === 'create').map((row) => row.ingame_name)).size
  return (
    <Form method="post" className="flex flex-col gap-5" data-testid="csv-preview">
      {records ? (
        <p className="text-sm text-zinc-300" data-testid="csv-records">
          {`This is a ${records} record export: each row adds a dated ${records} to a person's service record, marked as imported. People not on the roster yet are added; members keep their current rank.`}
        </p>
      ) : null}
      <input type="hidden" name="mapped" value="1" />
      <textarea name="csv" defaultValue={answer.csv} hidden readOnly />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-zinc-200">Columns</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {fields.map((field) => (
            <label key={field} className={labelClass}>
              {IMPORT_FIELD_LABELS[field]}
              <select name={`map_${field}`} defaultValue={preview.mapping[field] ?? ''} className={selectClass}>
                <option value="">(not imported)</option>
                {preview.columns.map((column) => (
                  <option key={column} value={column}>
                    {column}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </fieldset>
      {rankNames.length ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-zinc-200">Ranks in the file</legend>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {rankNames.map((name) => (
              <label key={name} className={labelClass}>
                {`"${name}" is`}
                <input type="hidden" name="rank_from" value={name} />
                <select name="rank_to" defaultValue={answer.rankMap[name] ?? ''} className={selectClass}>
                  <option value="">(choose a rank)</option>
                  {RANKS.map((rank) => (
                    <option key={rank} value={rank}>
                      {rank}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {missing.length ? (
        <label className="flex items-start gap-2 text-sm text-zinc-300">
          <input type="checkbox" name="create_missing" defaultChecked={answer.createMissing} className="mt-1" />
          <span>
            Create missing: {missing.join(', ')} {missing.length === 1 ? 'is' : 'are'} not in the unit yet.
          </span>
        </label>
      ) : null}
      <p className="text-sm text-zinc-300" role="status" data-testid="csv-summary">
        {records
          ? `${countOf(changing, 'record')} to add (${countOf(people, 'new member')}), ${summary.skip} already there`
          : `${countOf(summary.create, 'member')} to add, ${summary.update} to update, ${summary.skip} unchanged`}
        {summary.errors ? `, ${countOf(summary.errors, 'row')} with errors` : ''}.
      </p>
      <Table
        label="Rows of the file"
        columns={rowColumns}
        rows={shown}
        rowKey={(row) => row.line}
        stacked
        empty="The file has no rows."
      />
      {preview.rows.length > shown.length ? (
        <p className="text-sm text-zinc-500">
          {preview.rows.length - shown.length} more rows without errors are not shown.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value="csv-preview"
          className={buttonClass('secondary', 'md')}
          disabled={busy}
        >
          Update preview
        </button>
        <button
          type="submit"
          name="intent"
          value="csv-apply"
          className={primaryButton}
          disabled={busy || summary.errors > 0 || changing === 0}
        >
          {changing ? `Import ${countOf(changing, records ? 'record' : 'member')}` : 'Nothing to import'}
        </button>
      </div>
    </Form>
  )
}
