import { getFormProps } from '@conform-to/react'
import { packetSchema, type PacketItem } from '#contracts/library.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { HiddenFields } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'
import { InputField } from '#app/ui/schema-field.tsx'

// Manage Library's form (spec 2 §2: Document Name and Google Doc URL, both required; 'Add Document' or 'Save Changes').

export const SAVE_PACKET = 'save-packet'

export function PacketFormDialog({ editing, closeHref }: { editing: PacketItem | null; closeHref: string }) {
  const { Form, action, busy, hidden, form, fields } = useSchemaForm('packet', packetSchema, {
    id: editing ? `packet-${editing.id}` : 'packet-add',
    defaultValue: editing ? { name: editing.name, google_doc_url: editing.google_doc_url } : undefined,
  })
  return (
    <UrlDialog title={editing ? 'Edit Document' : 'Add Document'} closeHref={closeHref}>
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4" aria-label={editing ? 'Edit document' : 'Add document'}>
        {hidden}
        <HiddenFields fields={editing ? { intent: SAVE_PACKET, id: editing.id } : { intent: SAVE_PACKET }} />
        <InputField meta={fields.name} label="Document Name" placeholder="e.g. Standard Operating Procedures" />
        <InputField meta={fields.google_doc_url} label="Google Doc URL" type="url" placeholder="https://docs.google.com/…" />
        <FormFooter closeHref={closeHref} submitLabel={editing ? 'Save Changes' : 'Add Document'} busy={busy} errors={form.errors} errorId={form.errorId} />
      </Form>
    </UrlDialog>
  )
}
