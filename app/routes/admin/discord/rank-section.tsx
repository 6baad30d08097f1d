import { getFormProps } from '@conform-to/react'
import type { DiscordPageData } from './data.ts'
import { PickOrId, rolePickOptions } from '#app/components/discord-pickers.tsx'
import { DISCORD_INTENTS, rankRolesFormSchema } from '#contracts/discord.ts'
import { RANKS } from '#contracts/roster.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { FieldError, Section } from '#app/ui/field.tsx'

// Rank role mapping (docs/rules/discord.md, rank roles): one row per rank with its role; saved as the whole list (PUT
// /api/discord-roles/ranks's use case). A member's rank change syncs these roles (server/discord/award-announcements.ts).

export function RankSection({ data }: { data: DiscordPageData }) {
  const defaults = Object.fromEntries(data.ranks.map((r) => [r.rank_name, r.discord_role_id]))
  const { Form, busy, hidden, action, form, fields } = useSchemaForm('rank-roles', rankRolesFormSchema, {
    id: 'rank-roles',
    defaultValue: defaults,
    validateOn: 'onSubmit',
  })
  const options = rolePickOptions(data.roles)
  return (
    <Section
      title="Rank Role Mapping"
      description="The Discord role each rank holds. A member's rank change gives them the new rank's role."
    >
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-3">
        {hidden}
        <input type="hidden" name="intent" value={DISCORD_INTENTS.saveRankRoles} />
        <div className="grid gap-x-6 gap-y-2 md:grid-cols-2">
          {RANKS.map((rank) => {
            const field = fields[rank]
            const value = typeof field.initialValue === 'string' ? field.initialValue : (defaults[rank] ?? '')
            return (
              <div key={rank} className="grid grid-cols-[4.5rem_1fr] items-center gap-3" data-testid="rank-row">
                <label htmlFor={field.id} className="font-mono text-sm font-semibold text-zinc-200">
                  {rank}
                </label>
                <div className="min-w-0">
                  <PickOrId
                    id={field.id}
                    name={field.name}
                    value={value}
                    options={options}
                    blankLabel="No role"
                    invalid={!!field.errors?.length}
                    errorId={field.errorId}
                  />
                  <FieldError id={field.errorId} errors={field.errors} />
                </div>
              </div>
            )
          })}
        </div>
        <FieldError id={form.errorId} errors={form.errors} />
        <div>
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            Save Rank Roles
          </button>
        </div>
      </Form>
    </Section>
  )
}
