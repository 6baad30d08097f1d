import {
  ALLY_NAME_MAX,
  ALLY_TAG_MAX,
  alliedUnitSchema,
  INVITE_DAYS_MAX,
  RELEASE_HOURS_MAX,
  rotateInviteSchema,
  type AlliedUnitItem,
} from '#contracts/allies.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { checkboxProps, fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { Field, HiddenFields, inputClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'
import { ALLY_INTENTS } from './intents.ts'

// Add allied unit and Edit (docs/rules/joint-operations.md): its name and tag, its Discord server and contact, when its
// reservations are released, whether role locks apply to its guests, and how long its invite link lives. The invite
// code itself is not part of the form: the server makes it (at Add, and at each Rotate).

/** A stored number as a form's text ('' for none). */
const numberText = (value: number | null) => (value === null ? '' : String(value))

export function AllyFormDialog({ editing, closeHref }: { editing: AlliedUnitItem | null; closeHref: string }) {
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('allied-unit', alliedUnitSchema, {
    id: editing ? `allied-unit-${editing.id}` : 'allied-unit-add',
    defaultValue: editing
      ? {
          name: editing.name,
          tag: editing.tag,
          discord_guild_id: editing.discord_guild_id ?? '',
          contact_discord_id: editing.contact_discord_id ?? '',
          release_hours_before: numberText(editing.release_hours_before),
          guests_need_roles: editing.guests_need_roles ? 'on' : '',
        }
      : {},
  })
  const title = editing ? 'Edit allied unit' : 'Add allied unit'
  return (
    <UrlDialog title={title} description={editing ? editing.name : undefined} closeHref={closeHref} size="lg">
      <Form {...formProps} className="flex flex-col gap-4" aria-label={title}>
        {hidden}
        <HiddenFields
          fields={editing ? { intent: ALLY_INTENTS.save, id: editing.id } : { intent: ALLY_INTENTS.save }}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_10rem]">
          <Field {...fieldProps(fields.name, 'Name')}>
            <input
              {...inputProps(fields.name)}
              maxLength={ALLY_NAME_MAX}
              placeholder="e.g. 3 Commando Brigade"
              className={inputClass}
            />
          </Field>
          <Field {...fieldProps(fields.tag, 'Tag')}>
            <input {...inputProps(fields.tag)} maxLength={ALLY_TAG_MAX} placeholder="e.g. 3CB" className={inputClass} />
          </Field>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field {...fieldProps(fields.discord_guild_id, 'Discord server id')} hint="Optional: its own Discord server.">
            <input {...inputProps(fields.discord_guild_id)} inputMode="numeric" className={inputClass} />
          </Field>
          <Field
            {...fieldProps(fields.contact_discord_id, 'Contact’s Discord id')}
            hint="Optional: who hears of a new reservation by Discord DM."
          >
            <input {...inputProps(fields.contact_discord_id)} inputMode="numeric" className={inputClass} />
          </Field>
        </div>
        <Field
          {...fieldProps(fields.release_hours_before, 'Release hours before the operation')}
          hint={`Its reserved slots nobody took open to everyone this many hours (0 to ${RELEASE_HOURS_MAX}) before the next operation starts. Empty: never released.`}
        >
          <input
            {...inputProps(fields.release_hours_before)}
            inputMode="numeric"
            placeholder="Never"
            className={`${inputClass} sm:max-w-40`}
          />
        </Field>
        <div className="flex items-start gap-2 text-sm text-zinc-200">
          <input
            {...checkboxProps(fields.guests_need_roles)}
            aria-describedby={`${fields.guests_need_roles.id}-hint`}
            className="mt-0.5 size-4 accent-brand-600"
          />
          <div>
            <label htmlFor={fields.guests_need_roles.id}>Guests must hold the role</label>
            <p id={`${fields.guests_need_roles.id}-hint`} className="text-xs text-zinc-400">
              A slot’s role lock applies to its guests too. Off by default: guests hold no roles in the unit’s Discord
              server.
            </p>
          </div>
        </div>
        <InviteDaysField
          field={fields.invite_expires_in_days}
          hint={
            editing
              ? `Empty keeps the link’s end as it is; a number (1 to ${INVITE_DAYS_MAX}) ends it that many days from now.`
              : `The link stops working this many days (1 to ${INVITE_DAYS_MAX}) from now. Empty: no end.`
          }
        />
        <FormFooter
          closeHref={closeHref}
          submitLabel={editing ? 'Save Changes' : 'Add allied unit'}
          busy={busy}
          errors={form.errors}
          errorId={form.errorId}
        />
      </Form>
    </UrlDialog>
  )
}

type DaysField = Parameters<typeof fieldProps>[0]

function InviteDaysField({ field, hint }: { field: DaysField; hint: string }) {
  return (
    <Field {...fieldProps(field, 'Invite link life in days')} hint={hint}>
      <input {...inputProps(field)} inputMode="numeric" placeholder="No end" className={`${inputClass} sm:max-w-40`} />
    </Field>
  )
}

const rotateQuestion = (unit: AlliedUnitItem) =>
  `Make a new invite link for ${unit.name}? The old link stops working at once; its guests stay guests.`

/**
 * Rotate invite link: the question itself (the dialog is its confirmation, with or without JavaScript) and the new
 * link's life. The old link stops working at once.
 */
export function RotateInviteDialog({ unit, closeHref }: { unit: AlliedUnitItem; closeHref: string }) {
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('rotate-invite', rotateInviteSchema, {
    id: `rotate-invite-${unit.id}`,
  })
  return (
    <UrlDialog title="Rotate invite link" closeHref={closeHref}>
      <Form {...formProps} className="flex flex-col gap-4" aria-label="Rotate invite link">
        {hidden}
        <HiddenFields fields={{ intent: ALLY_INTENTS.rotate, id: unit.id, confirmed: 'yes' }} />
        <p className="text-sm text-zinc-200" data-testid="rotate-question">
          {rotateQuestion(unit)}
        </p>
        <InviteDaysField
          field={fields.invite_expires_in_days}
          hint={`The new link stops working this many days (1 to ${INVITE_DAYS_MAX}) from now. Empty: no end.`}
        />
        <FormFooter
          closeHref={closeHref}
          submitLabel="Rotate invite link"
          tone="danger"
          busy={busy}
          errors={form.errors}
          errorId={form.errorId}
        />
      </Form>
    </UrlDialog>
  )
}
