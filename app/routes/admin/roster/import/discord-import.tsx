import { Form } from 'react-router'
import type { DiscordImportMember } from '#contracts/moving.ts'
import { countOf } from '#contracts/plural.ts'
import { buttonClass, primaryButton, smallButton } from '#app/ui/button.ts'
import { EmptyState, inputClass, labelClass, Notice, Section, selectClass } from '#app/ui/field.tsx'
import { Table, type Column } from '#app/ui/table.tsx'

// The Discord half of the Import tab: the server's members who are not on the roster, with the rank, qualifications
// and squad their roles map to, filtered by a role and ticked for import; then the members on the roster whose
// Discord roles disagree with it, each settled with "Take the roster's" (a role sync) or "Take Discord's".

export interface DiscordImportData {
  today: string
  role: string | null
  roles: string[]
  discordError: string | null
  newcomers: DiscordImportMember[]
  differing: DiscordImportMember[]
}

const mapped = (m: DiscordImportMember) =>
  [m.rank ?? 'BMT (no rank role)', ...m.qualifications, m.squad ? `squad ${m.squad}` : null].filter(Boolean).join(', ')

const newcomerColumns: Column<DiscordImportMember>[] = [
  {
    header: <span className="sr-only">Import</span>,
    cell: (m) => (
      <input
        type="checkbox"
        name="discord_id"
        value={m.discord_id}
        form="discord-import"
        aria-label={`Import ${m.name}`}
        className="size-4"
      />
    ),
    className: 'w-10',
  },
  { header: 'Name', cell: (m) => m.name, rowHeader: true },
  { header: 'From their roles', cell: mapped, cellClassName: 'text-zinc-300' },
  { header: 'Roles', cell: (m) => m.roles.join(', ') || '(none)', cellClassName: 'text-zinc-500' },
]

const differingColumns: Column<DiscordImportMember>[] = [
  { header: 'Member', cell: (m) => m.name, rowHeader: true },
  {
    header: 'Differences',
    cell: (m) => (
      <ul className="list-disc pl-4">
        {m.differences.map((difference) => (
          <li key={difference}>{difference}</li>
        ))}
      </ul>
    ),
  },
  {
    header: <span className="sr-only">Settle</span>,
    cell: (m) => (
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="discord_id" value={m.discord_id} />
          <button type="submit" name="intent" value="take-roster" className={smallButton}>
            Take the roster&apos;s
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="discord_id" value={m.discord_id} />
          <button type="submit" name="intent" value="take-discord" className={smallButton}>
            Take Discord&apos;s
          </button>
        </Form>
      </div>
    ),
  },
]

export function DiscordImportSection({ data }: { data: DiscordImportData }) {
  return (
    <Section
      title="From the Discord server"
      description="Members of your Discord server who are not on the roster yet. Their in-game name is their server nickname, else their Discord name; the rank and qualifications come from the rank and qualification roles you mapped."
    >
      {data.discordError ? (
        <Notice>{data.discordError}</Notice>
      ) : (
        <>
          <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="discord-role-filter">
            <label className={labelClass}>
              Only members with the role
              <select name="role" defaultValue={data.role ?? ''} className={selectClass}>
                <option value="">(any role)</option>
                {data.roles.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClass('secondary', 'md')}>
              Filter
            </button>
          </Form>
          {data.newcomers.length ? (
            <>
              <Table
                label="Discord members not on the roster"
                columns={newcomerColumns}
                rows={data.newcomers}
                rowKey={(m) => m.discord_id}
                stacked
              />
              <Form method="post" id="discord-import" className="flex flex-wrap items-end gap-3">
                <input type="hidden" name="intent" value="discord-import" />
                <label className={labelClass}>
                  Join date
                  <input type="date" name="join_date" defaultValue={data.today} required className={inputClass} />
                </label>
                <button type="submit" className={primaryButton}>
                  Import ticked members
                </button>
              </Form>
              <p className="text-sm text-zinc-500">{countOf(data.newcomers.length, 'member')} shown.</p>
            </>
          ) : (
            <EmptyState
              text={
                data.role
                  ? 'Nobody with that role is missing from the roster.'
                  : 'Everyone on the Discord server is on the roster.'
              }
            />
          )}
          {data.differing.length ? (
            <div className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold text-zinc-200">On the roster, with other roles on Discord</h3>
              <Table
                label="Members whose Discord roles disagree with the roster"
                columns={differingColumns}
                rows={data.differing}
                rowKey={(m) => m.discord_id}
                stacked
              />
            </div>
          ) : null}
        </>
      )}
    </Section>
  )
}
