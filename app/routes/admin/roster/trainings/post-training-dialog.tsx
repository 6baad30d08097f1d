import type { DiscordPickers } from '#contracts/guild.ts'
import { postTrainingSchema, type TrainingItem } from '#contracts/trainings.ts'
import { ChannelSelect, initialList, RoleCheckboxes } from '#app/components/discord-pickers.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { Field, HiddenFields, Notice } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'

// Post Training on Discord: a channel and at least one cadre role; the training is posted now.

export const POST_TRAINING = 'post-training'

export function PostTrainingDialog({
  training,
  pickers,
  closeHref,
}: {
  training: TrainingItem
  pickers: DiscordPickers
  closeHref: string
}) {
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('post-training', postTrainingSchema, {
    id: `post-training-${training.id}`,
    validateOn: 'onSubmit',
  })
  // One message for both fields (they are one rule: a channel and a cadre role), shown once under the form.
  const errors = [
    ...new Set([...(fields.channelId.errors ?? []), ...(fields.cadreRoleIds.errors ?? []), ...(form.errors ?? [])]),
  ]

  return (
    <UrlDialog title="Post Training on Discord" description={training.name} closeHref={closeHref}>
      {pickers.error ? <Notice>{pickers.error}</Notice> : null}
      <Form {...formProps} className="mt-1 flex flex-col gap-4" aria-label="Post training on Discord">
        {hidden}
        <HiddenFields fields={{ intent: POST_TRAINING, id: training.id }} />
        <p className="text-sm text-zinc-400">
          Posts the training (<DateTime iso={training.date} />) now, mentioning the cadre roles.
        </p>
        <Field id={fields.channelId.id} label="Channel">
          <ChannelSelect
            id={fields.channelId.id}
            name={fields.channelId.name}
            channels={pickers.channels}
            defaultValue={typeof fields.channelId.initialValue === 'string' ? fields.channelId.initialValue : undefined}
            invalid={Boolean(fields.channelId.errors?.length)}
            errorId={form.errorId}
          />
        </Field>
        <RoleCheckboxes
          name={fields.cadreRoleIds.name}
          legend="Cadre roles"
          roles={pickers.roles}
          selected={initialList(fields.cadreRoleIds.initialValue)}
          invalid={Boolean(fields.cadreRoleIds.errors?.length)}
        />
        <FormFooter
          closeHref={closeHref}
          submitLabel="Post Training"
          busy={busy}
          errors={errors}
          errorId={form.errorId}
        />
      </Form>
    </UrlDialog>
  )
}
