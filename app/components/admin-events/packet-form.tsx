import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { INTENTS, packetFormSchema } from './schemas.ts'
import type { PacketItem } from './types.ts'
import { CancelLink, FieldError, inputClass, labelClass, Modal, primaryButton, useAdminForm } from './ui.tsx'

// Manage Library's form (spec 2 §2: Document Name and Google Doc URL, both required; 'Add Document' or 'Save Changes').

export function PacketFormDialog({ editing, closeHref }: { editing: PacketItem | null; closeHref: string }) {
  const { action, busy, hidden, lastResult } = useAdminForm('packet')
  const [form, fields] = useForm({
    id: editing ? `packet-${editing.id}` : 'packet-add',
    lastResult,
    defaultValue: editing ? { name: editing.name, google_doc_url: editing.google_doc_url } : undefined,
    constraint: getZodConstraint(packetFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: packetFormSchema }),
  })
  const { key: _n, ...nameProps } = getInputProps(fields.name, { type: 'text' })
  const { key: _u, ...urlProps } = getInputProps(fields.google_doc_url, { type: 'url' })
  return (
    <Modal title={editing ? 'Edit Document' : 'Add Document'} closeHref={closeHref}>
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4" aria-label={editing ? 'Edit document' : 'Add document'}>
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.savePacket} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <div className="flex min-w-0 flex-col gap-1.5">
          <label className={labelClass}>
            Document Name
            <input {...nameProps} className={inputClass} placeholder="e.g. Standard Operating Procedures" />
          </label>
          <FieldError id={fields.name.errorId} errors={fields.name.errors} />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label className={labelClass}>
            Google Doc URL
            <input {...urlProps} className={inputClass} placeholder="https://docs.google.com/…" />
          </label>
          <FieldError id={fields.google_doc_url.errorId} errors={fields.google_doc_url.errors} />
        </div>
        <FieldError id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap justify-end gap-2">
          <CancelLink href={closeHref} />
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            {editing ? 'Save Changes' : 'Add Document'}
          </button>
        </div>
      </Form>
    </Modal>
  )
}
