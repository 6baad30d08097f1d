import type { GuildChannelItem, GuildRoleItem } from '#contracts/guild.ts'
import { DISCORD_MESSAGES } from '#contracts/discord.ts'
import { FieldError, inputClass, Notice, selectClass } from '#app/ui/field.tsx'

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
    <select
      id={id}
      name={name}
      defaultValue={defaultValue ?? ''}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      className={`${selectClass} w-full`}
    >
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
          <label
            key={role.id}
            className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800/70"
          >
            <input
              type="checkbox"
              name={name}
              value={role.id}
              // Controlled with JavaScript (the default role is exclusive); the server's answer sets it without.
              {...(onToggle
                ? { checked: selected.includes(role.id), onChange: (e) => onToggle(role.id, e.target.checked) }
                : { defaultChecked: selected.includes(role.id) })}
              className="size-4 accent-brand-600"
            />
            {role.color ? (
              <span
                className="size-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: `#${role.color.toString(16).padStart(6, '0')}` }}
                aria-hidden
              />
            ) : null}
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

// A Discord id chosen by name from the guild's roles or channels, or (Discord unreachable: `options` null) typed in
// an id field. A saved id the guild no longer has stays selectable as 'Unknown (id)', so saving other fields never
// clears it silently.

interface PickOption {
  id: string
  label: string
}

export function rolePickOptions(roles: GuildRoleItem[] | null): PickOption[] | null {
  return roles ? roles.map((r) => ({ id: r.id, label: `@${r.name}` })) : null
}

export function channelPickOptions(
  channels: GuildChannelItem[] | null,
  kind: 'channel' | 'category',
): PickOption[] | null {
  if (!channels) return null
  const categories = new Map(channels.filter((c) => c.kind === 'category').map((c) => [c.id, c.name]))
  return kind === 'category'
    ? channels.filter((c) => c.kind === 'category').map((c) => ({ id: c.id, label: c.name }))
    : channels
        .filter((c) => c.kind !== 'category')
        .map((c) => ({
          id: c.id,
          label: `#${c.name}${c.parent_id && categories.has(c.parent_id) ? ` (${categories.get(c.parent_id)})` : ''}`,
        }))
}

export function PickOrId({
  id,
  name,
  value,
  options,
  blankLabel,
  invalid,
  errorId,
  'aria-label': ariaLabel,
}: {
  id: string
  name: string
  value: string
  options: PickOption[] | null
  blankLabel: string
  invalid?: boolean
  errorId?: string
  'aria-label'?: string
}) {
  const aria = {
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId : undefined,
    'aria-label': ariaLabel,
  }
  if (!options) {
    return (
      <input
        id={id}
        name={name}
        defaultValue={value}
        inputMode="numeric"
        autoComplete="off"
        placeholder="Discord ID"
        className={`${inputClass} font-mono`}
        {...aria}
      />
    )
  }
  const known = !value || options.some((o) => o.id === value)
  return (
    <select id={id} name={name} defaultValue={value} className={`${selectClass} w-full`} {...aria}>
      <option value="">{blankLabel}</option>
      {known ? null : <option value={value}>Unknown ({value})</option>}
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </select>
  )
}

/** A saved id by its name in the guild (for lists), or the id itself. */
export function nameOf(options: PickOption[] | null, id: string | null): string {
  if (!id) return '—'
  return options?.find((o) => o.id === id)?.label ?? id
}

/**
 * Why a role field is an id input: Discord could not be reached (the /admin/discord page's notice). `unreachable` is
 * the sentence after Discord's own error, for a translated page (English without it).
 */
export function DiscordUnreachableNotice({
  error,
  unreachable = DISCORD_MESSAGES.discordUnreachable,
}: {
  error?: string
  unreachable?: string
}) {
  if (!error) return null
  return (
    <Notice>
      {/\.$/.test(error) ? error : `${error}.`} {unreachable}
    </Notice>
  )
}

/** Several roles ticked by name (each posts one `name` value), or (Discord unreachable: `roles` null) a comma list of
 *  ids typed by hand. Saved ids the guild no longer has stay ticked as 'Unknown (id)'. */
export function RoleIdsPicker({
  id,
  name,
  value,
  roles,
  label,
  errors,
  errorId,
  texts = {},
}: {
  id: string
  name: string
  /** The saved or posted ids: a comma list, or several values. */
  value: unknown
  roles: GuildRoleItem[] | null
  label: string
  errors?: string[] | null
  errorId: string
  /** A translated page's words for the typed ids' placeholder and a saved id the guild no longer has (English without). */
  texts?: { placeholder?: string; unknown?: (id: string) => string }
}) {
  const ids = initialList(value)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)
  const invalid = Boolean(errors?.length)
  if (!roles) {
    return (
      <div className="flex min-w-0 flex-col gap-1.5">
        <label className="text-sm text-zinc-300" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          name={name}
          defaultValue={ids.join(',')}
          autoComplete="off"
          placeholder={texts.placeholder ?? 'Discord role ids, comma-separated'}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className={`${inputClass} font-mono`}
        />
        <FieldError id={errorId} errors={errors} />
      </div>
    )
  }
  const unknown = ids
    .filter((v) => !roles.some((r) => r.id === v))
    .map((v) => ({ id: v, name: texts.unknown?.(v) ?? `Unknown (${v})`, color: 0 }))
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <RoleCheckboxes
        name={name}
        roles={[...unknown, ...roles]}
        selected={ids}
        legend={label}
        invalid={invalid}
        errorId={errorId}
      />
      <FieldError id={errorId} errors={errors} />
    </div>
  )
}
