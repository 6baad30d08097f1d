import { packetSchema, type PacketItem } from '#contracts/library.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { Field, HiddenFields, inputClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'

// Manage Library's form (docs/rules/library.md: Document Name and Google Doc URL, both required; 'Add Document' or
// 'Save Changes').

export const SAVE_PACKET = 'save-packet'

export function PacketFormDialog({ editing, closeHref }: { editing: PacketItem | null; closeHref: string }) {
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('packet', packetSchema, {
    id: editing ? `packet-${editing.id}` : 'packet-add',
    defaultValue: editing ? { name: editing.name, google_doc_url: editing.google_doc_url } : undefined,
  })
  return (
    <UrlDialog title={editing ? 'Edit Document' : 'Add Document'} closeHref={closeHref}>
      <Form {...formProps} className="flex flex-col gap-4" aria-label={editing ? 'Edit document' : 'Add document'}>
        {hidden}
        <HiddenFields fields={editing ? { intent: SAVE_PACKET, id: editing.id } : { intent: SAVE_PACKET }} />
        <Field {...fieldProps(fields.name, 'Document Name')}>
          <input {...inputProps(fields.name)} placeholder="e.g. Standard Operating Procedures" className={inputClass} />
        </Field>
        <Field {...fieldProps(fields.google_doc_url, 'Google Doc URL')}>
          <input
            {...inputProps(fields.google_doc_url, 'url')}
            placeholder="https://docs.google.com/…"
            className={inputClass}
          />
        </Field>
        <FormFooter
          closeHref={closeHref}
          submitLabel={editing ? 'Save Changes' : 'Add Document'}
          busy={busy}
          errors={form.errors}
          errorId={form.errorId}
        />
      </Form>
    </UrlDialog>
  )
}
