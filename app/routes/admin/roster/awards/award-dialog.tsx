import {
  AWARD_IMAGES,
  AWARD_INTENTS,
  AWARD_PRECEDENCE_MAX,
  awardFormSchema,
  type AwardItem,
} from '#contracts/awards.ts'
import { RibbonRack } from '#app/components/roster/ribbon-rack.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { NameAndDescriptionFields } from '#app/ui/name-fields.tsx'
import { Field, inputClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'

// Add / Edit Award: name (required), description, precedence (lower first), and the image: a file uploaded with the
// form (checked by its bytes on the server), or an address; neither draws a ribbon from the name. A multipart form, so
// the upload works without JavaScript too.

export function AwardDialog({ editing, closeHref }: { editing: AwardItem | null; closeHref: string }) {
  const formKey = editing ? `edit-award-${editing.id}` : 'add-award'
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm(formKey, awardFormSchema, {
    id: formKey,
    defaultValue: editing
      ? {
          name: editing.name,
          description: editing.description,
          precedence: String(editing.precedence),
          image_url: editing.image_url ?? '',
        }
      : { precedence: '0' },
    validateOn: 'onSubmit',
  })
  return (
    <UrlDialog title={editing ? `Edit Award: ${editing.name}` : 'Add Award'} closeHref={closeHref}>
      <Form
        {...formProps}
        encType="multipart/form-data"
        className="flex flex-col gap-4"
        aria-label={editing ? 'Edit award' : 'Add award'}
      >
        {hidden}
        <input type="hidden" name="intent" value={AWARD_INTENTS.save} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <NameAndDescriptionFields name={fields.name} description={fields.description} />
        <Field
          {...fieldProps(fields.precedence, 'Precedence')}
          hint={`Lower shows first in a ribbon rack (0 to ${AWARD_PRECEDENCE_MAX}).`}
        >
          <input {...inputProps(fields.precedence)} inputMode="numeric" className={`${inputClass} w-32 tabular-nums`} />
        </Field>
        <fieldset className="flex flex-col gap-3 rounded-lg border border-zinc-800 p-3">
          <legend className="px-1 text-sm text-zinc-300">Ribbon or medal image</legend>
          {editing ? (
            <div className="flex items-center gap-3 text-xs text-zinc-500">
              <RibbonRack
                awards={[{ award_id: editing.id, name: editing.name, image_url: editing.image_url, count: 1 }]}
                size="full"
                label={`Current ribbon of ${editing.name}`}
              />
              <span>{editing.image_url ? 'Current image' : 'No image: a ribbon is drawn from the name.'}</span>
            </div>
          ) : null}
          <Field
            {...fieldProps(fields.image, 'Upload an image')}
            hint="PNG, GIF, JPEG, BMP or ICO, at most 1 MB. It replaces the address below."
          >
            <input
              type="file"
              id={fields.image.id}
              name={fields.image.name}
              accept={AWARD_IMAGES.accept}
              aria-invalid={fields.image.errors?.length ? true : undefined}
              aria-describedby={fields.image.errors?.length ? fields.image.errorId : undefined}
              className="text-sm text-zinc-300 file:mr-3 file:rounded-md file:border-0 file:bg-zinc-800 file:px-3 file:py-2 file:text-sm file:text-zinc-100 hover:file:bg-zinc-700"
            />
          </Field>
          <Field
            {...fieldProps(fields.image_url, 'Or an image address')}
            hint="An http(s) address, or an image uploaded here. Leave both empty for a ribbon drawn from the name."
          >
            <input {...inputProps(fields.image_url)} autoComplete="off" className={`${inputClass} font-mono`} />
          </Field>
        </fieldset>
        <FormFooter
          closeHref={closeHref}
          submitLabel={editing ? 'Save Changes' : 'Add Award'}
          busy={busy}
          errors={form.errors}
          errorId={form.errorId}
        />
      </Form>
    </UrlDialog>
  )
}
