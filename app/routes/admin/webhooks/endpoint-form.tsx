import {
  WEBHOOK_EVENT_GROUPS,
  webhookEndpointSchema,
  type WebhookEndpointItem,
  type WebhookEventType,
} from '#contracts/webhooks.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { checkboxProps, fieldProps, inputProps, textareaProps } from '#app/ui/conform-props.ts'
import { Field, FieldError, HiddenFields, inputClass, textareaClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'
import { WEBHOOK_INTENTS } from './intents.ts'

// Add endpoint and Edit (docs/rules/webhooks.md): the https URL, a description, the events it is sent (ticked by
// group), and whether it is active. The signing secret is not part of the form: it is made by the server and shown once.

/** The events a new endpoint starts with: the ORBAT's, what most receivers (a unit website, a stats bot) want first. */
const NEW_ENDPOINT_EVENTS: readonly WebhookEventType[] = ['slot.taken', 'slot.left', 'orbat.saved', 'operation.frozen']

export function EndpointFormDialog({ editing, closeHref }: { editing: WebhookEndpointItem | null; closeHref: string }) {
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('webhook', webhookEndpointSchema, {
    id: editing ? `webhook-${editing.id}` : 'webhook-add',
    defaultValue: editing
      ? {
          url: editing.url,
          description: editing.description,
          events: editing.events,
          active: editing.active ? 'on' : '',
        }
      : { events: [...NEW_ENDPOINT_EVENTS], active: 'on' },
  })
  const ticked = new Set(
    ([] as unknown[]).concat(fields.events.initialValue ?? []).filter((v): v is string => typeof v === 'string'),
  )
  return (
    <UrlDialog
      title={editing ? 'Edit endpoint' : 'Add endpoint'}
      description={editing ? <span className="break-all">{editing.url}</span> : undefined}
      closeHref={closeHref}
      size="lg"
    >
      <Form {...formProps} className="flex flex-col gap-4" aria-label={editing ? 'Edit endpoint' : 'Add endpoint'}>
        {hidden}
        <HiddenFields
          fields={editing ? { intent: WEBHOOK_INTENTS.save, id: editing.id } : { intent: WEBHOOK_INTENTS.save }}
        />
        <Field {...fieldProps(fields.url, 'URL')}>
          <input
            {...inputProps(fields.url, 'url')}
            placeholder="https://example.com/hooks/task-force"
            className={inputClass}
          />
        </Field>
        <Field {...fieldProps(fields.description, 'Description')}>
          <textarea
            {...textareaProps(fields.description)}
            rows={2}
            placeholder="e.g. The unit website's roster page"
            className={textareaClass}
          />
        </Field>
        <fieldset
          className="flex min-w-0 flex-col gap-2"
          aria-describedby={fields.events.errors?.length ? fields.events.errorId : undefined}
        >
          <legend className="mb-1 text-sm text-zinc-300">Events it is sent</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {WEBHOOK_EVENT_GROUPS.map((group) => (
              <fieldset key={group.label} className="rounded-md border border-zinc-800 bg-zinc-950/60 px-3 py-2">
                <legend className="px-1 text-xs font-medium tracking-wide text-zinc-400 uppercase">
                  {group.label}
                </legend>
                <ul className="flex flex-col gap-0.5">
                  {group.types.map((type) => (
                    <li key={type}>
                      <label className="flex items-center gap-2 rounded px-1 py-1 text-sm text-zinc-200 hover:bg-zinc-800/60">
                        <input
                          type="checkbox"
                          name={fields.events.name}
                          value={type}
                          defaultChecked={ticked.has(type)}
                          className="size-4 shrink-0 accent-brand-600"
                        />
                        <code className="font-mono text-xs">{type}</code>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ))}
          </div>
          <FieldError id={fields.events.errorId} errors={fields.events.errors} />
        </fieldset>
        <div className="flex items-start gap-2 text-sm text-zinc-200">
          <input
            {...checkboxProps(fields.active)}
            aria-describedby={`${fields.active.id}-hint`}
            className="mt-0.5 size-4 accent-brand-600"
          />
          <div>
            <label htmlFor={fields.active.id}>Active</label>
            <p id={`${fields.active.id}-hint`} className="text-xs text-zinc-400">
              A paused endpoint is sent nothing; events that happen while it is paused are not kept for it.
            </p>
          </div>
        </div>
        <FormFooter
          closeHref={closeHref}
          submitLabel={editing ? 'Save Changes' : 'Add endpoint'}
          busy={busy}
          errors={form.errors}
          errorId={form.errorId}
        />
      </Form>
    </UrlDialog>
  )
}
