import { qualificationInputSchema, ROSTER_INTENTS } from '#contracts/roster.ts'
import type { QualificationItem } from '#contracts/roster-types.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { fieldProps, pickOrIdProps } from '#app/ui/conform-props.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { NameAndDescriptionFields } from '#app/ui/name-fields.tsx'
import { Field } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'
import { DiscordUnreachableNotice, PickOrId, rolePickOptions } from '#app/components/discord-pickers.tsx'
import type { GuildRoleItem } from '#contracts/guild.ts'

// Add / Edit Qualification (name required; description and Discord role ID optional).

export function QualificationDialog({
  editing,
  closeHref,
  roles,
  discordError,
}: {
  editing: QualificationItem | null
  closeHref: string
  /** The guild's roles; null when Discord could not be reached (the role is typed as an id). */
  roles: GuildRoleItem[] | null
  discordError?: string
}) {
  const formKey = editing ? `edit-qualification-${editing.id}` : 'add-qualification'
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm(formKey, qualificationInputSchema, {
    id: formKey,
    defaultValue: editing
      ? { name: editing.name, description: editing.description ?? '', discord_role_id: editing.discord_role_id ?? '' }
      : undefined,
    validateOn: 'onSubmit',
  })
  return (
    <UrlDialog title={editing ? `Edit Qualification: ${editing.name}` : 'Add Qualification'} closeHref={closeHref}>
      <Form
        {...formProps}
        className="flex flex-col gap-4"
        aria-label={editing ? 'Edit qualification' : 'Add qualification'}
      >
        {hidden}
        <input type="hidden" name="intent" value={ROSTER_INTENTS.saveQualification} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <NameAndDescriptionFields name={fields.name} description={fields.description} />
        <DiscordUnreachableNotice error={discordError} />
        <Field {...fieldProps(fields.discord_role_id, roles ? 'Discord Role' : 'Discord Role ID')}>
          <PickOrId {...pickOrIdProps(fields.discord_role_id)} options={rolePickOptions(roles)} blankLabel="No role" />
        </Field>
        <FormFooter
          closeHref={closeHref}
          submitLabel={editing ? 'Save Changes' : 'Add Qualification'}
          busy={busy}
          errors={form.errors}
          errorId={form.errorId}
        />
      </Form>
    </UrlDialog>
  )
}
