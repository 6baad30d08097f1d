import type { GuildChannelItem, GuildRoleItem } from '#contracts/guild.ts'
import { selectClass } from '#app/ui/field.tsx'

// The guild's channels and roles as form controls (Schedule Ping on the Events and Trainings tabs, Post Training on
// Discord). The lists come from the page's loader (server/discord/guild.ts loadPickers).

/** The guild's text channels as a select (their categories named beside them). */
export function ChannelSelect({
  id,
  name,
  channels,
  defaultValue,
  invalid,
  errorId,
}: {
  id: string
  name: string
  channels: GuildChannelItem[]
  defaultValue?: string
  invalid?: boolean
  errorId?: string
}) {
  const categories = new Map(channels.filter((c) => c.kind === 'category').map((c) => [c.id, c.name]))
  const postable = channels.filter((c) => c.kind !== 'category')
  return (
    <select id={id} name={name} defaultValue={defaultValue ?? ''} aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined} className={`${selectClass} w-full`}>
      <option value="">Select a channel…</option>
      {postable.map((channel) => (
        <option key={channel.id} value={channel.id}>
          #{channel.name}
          {channel.parent_id && categories.has(channel.parent_id) ? ` (${categories.get(channel.parent_id)})` : ''}
        </option>
      ))}
    </select>
  )
}

/** Discord roles as a checkbox list (scrolls). `extra` is a first option such as the default role. */
export function RoleCheckboxes({
  name,
  roles,
  selected,
  onToggle,
  extra,
  legend,
  invalid,
  errorId,
}: {
  name: string
  roles: GuildRoleItem[]
  selected: readonly string[]
  onToggle?: (value: string, checked: boolean) => void
  extra?: { value: string; label: string }
  legend: string
  invalid?: boolean
  errorId?: string
}) {
  const options = [...(extra ? [{ id: extra.value, name: extra.label, color: 0 }] : []), ...roles]
  return (
    <fieldset className="min-w-0" aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined}>
      <legend className="mb-1.5 text-sm text-zinc-300">{legend}</legend>
      <div className="max-h-48 overflow-y-auto rounded-md border border-zinc-700 bg-zinc-950 p-1">
        {options.length === 0 ? <p className="px-2 py-1.5 text-sm text-zinc-500">No roles found.</p> : null}
        {options.map((role) => (
          <label key={role.id} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800/70">
            <input
              type="checkbox"
              name={name}
              value={role.id}
              // Controlled with JavaScript (the default role is exclusive); the server's answer sets it without.
              {...(onToggle ? { checked: selected.includes(role.id), onChange: (e) => onToggle(role.id, e.target.checked) } : { defaultChecked: selected.includes(role.id) })}
              className="size-4 accent-brand-600"
            />
            {role.color ? <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: `#${role.color.toString(16).padStart(6, '0')}` }} aria-hidden /> : null}
            <span className="truncate">{role.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** A conform field's initial value as a list of strings (a multi-value field: roles ticked before a 400 answer). */
export function initialList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string')
  return typeof value === 'string' ? [value] : []
}
