import type { GuildChannelItem, GuildRoleItem } from '#contracts/guild.ts'
import { inputClass, selectClass } from '#app/ui/field.tsx'

// A Discord id chosen by name from the guild's roles or channels, or (Discord unreachable: `options` null) typed in
// an id field. A saved id the guild no longer has stays selectable as 'Unknown (id)', so saving other fields never
// clears it silently.

export interface PickOption {
  id: string
  label: string
}

export function rolePickOptions(roles: GuildRoleItem[] | null): PickOption[] | null {
  return roles ? roles.map((r) => ({ id: r.id, label: `@${r.name}` })) : null
}

export function channelPickOptions(channels: GuildChannelItem[] | null, kind: 'channel' | 'category'): PickOption[] | null {
  if (!channels) return null
  const categories = new Map(channels.filter((c) => c.kind === 'category').map((c) => [c.id, c.name]))
  return kind === 'category'
    ? channels.filter((c) => c.kind === 'category').map((c) => ({ id: c.id, label: c.name }))
    : channels
        .filter((c) => c.kind !== 'category')
        .map((c) => ({ id: c.id, label: `#${c.name}${c.parent_id && categories.has(c.parent_id) ? ` (${categories.get(c.parent_id)})` : ''}` }))
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
  const aria = { 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? errorId : undefined, 'aria-label': ariaLabel }
  if (!options) {
    return <input id={id} name={name} defaultValue={value} inputMode="numeric" autoComplete="off" placeholder="Discord ID" className={`${inputClass} font-mono`} {...aria} />
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
