import type { Route } from './+types/members.$id.record'
import { noteSchema, PERSONNEL_MESSAGES } from '#contracts/personnel.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AdminMemberLinks } from '#app/components/roster/admin-member-links.tsx'
import { FullRecord } from '#app/components/personnel/record-page.tsx'
import { trimRecord } from '#app/components/personnel/timeline.tsx'
import { submitForm } from '#app/forms/actions.ts'
import { readAdminPost, unknownIntent } from '#app/forms/respond.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { textareaProps } from '#app/ui/conform-props.ts'
import { Field, Notice, textareaClass } from '#app/ui/field.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { parseId } from '#server/lib/request.ts'
import { addMemberNote, readMemberRecord } from '#server/personnel/record.ts'

// A member's full service record for admins (docs/rules/personnel.md), admin notes included, with the form that adds
// one. Reached from the member's row on the Members tab and from their public profile.

const NOTE_FORM = 'note'
const ADD_NOTE = 'add-note'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requirePageUser(request, context, 'admin')
  const record = await readMemberRecord(getServices(context).db, admin, parseId(params.id, 'Member'))
  return { record: trimRecord(record, new URL(request.url)) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  if (post.intent !== ADD_NOTE) return unknownIntent(post)
  const id = parseId(params.id, 'Member')
  return submitForm(post, noteSchema, (value) => addMemberNote(getServices(context), post.admin, id, value), {
    success: PERSONNEL_MESSAGES.noteAdded,
    failure: 'Could not add the note.',
  })
}

export default function MemberRecordPage({ loaderData }: Route.ComponentProps) {
  const { record } = loaderData
  return (
    <FullRecord
      record={record}
      title={`Service record: ${record.member.ingame_name}`}
      back={{ to: '/admin/roster/members', label: 'Members' }}
    >
      <AdminMemberLinks memberId={record.member.id} name={record.member.ingame_name} />
      {/* A new note adds an entry: the form starts empty again. */}
      <NoteForm key={record.entries.filter((e) => e.kind === 'note').length} />
    </FullRecord>
  )
}

function NoteForm() {
  const { Form, action, hidden, busy, form, fields } = useSchemaForm(NOTE_FORM, noteSchema, {
    id: 'add-note',
    validateOn: 'onSubmit',
  })
  return (
    <Form
      method="post"
      action={action}
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4"
    >
      {hidden}
      <input type="hidden" name="intent" value={ADD_NOTE} />
      {form.errors?.length ? <Notice>{form.errors[0]}</Notice> : null}
      <Field
        id={fields.text.id}
        label="Admin note"
        errors={fields.text.errors}
        errorId={fields.text.errorId}
        hint="Dated and signed with your name. Members never see notes."
      >
        <textarea {...textareaProps(fields.text)} rows={3} className={textareaClass} />
      </Field>
      <div>
        <button type="submit" className={primaryButton} disabled={busy}>
          Add note
        </button>
      </div>
    </Form>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Service record: ${loaderData?.record.member.ingame_name ?? 'Member'} · Task Force HQ` }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
