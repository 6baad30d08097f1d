import { useActionData } from 'react-router'
import { ACCOUNT_FORMS, ACCOUNT_INTENTS, type AccountActionData } from './intents.ts'
import {
  API_TOKEN_ACCESS,
  API_TOKEN_MESSAGES,
  apiTokenSchema,
  type ApiTokenAccess,
  type ApiTokenItem,
} from '#contracts/api-tokens.ts'
import { CopyField } from '#app/ui/copy-field.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { ConfirmButtonForm } from '#app/ui/confirm.tsx'
import { confirmKeyOf, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { EmptyState, Field, FieldError, inputClass, Notice, Section } from '#app/ui/field.tsx'
import { inputProps } from '#app/ui/conform-props.ts'
import { primaryButton, smallDangerButton } from '#app/ui/button.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'

// API tokens on the account page (docs/decisions/024-api-tokens.md): create (shown once), list with last use, revoke.

const ACCESS_KEYS = Object.keys(API_TOKEN_ACCESS) as ApiTokenAccess[]

const revokeQuestion = (token: ApiTokenItem) =>
  `Revoke the token “${token.name}”? Anything using it stops working at once.`

function accessLabel(scopes: readonly string[]): string {
  const key = ACCESS_KEYS.find((k) => API_TOKEN_ACCESS[k].scopes.join() === scopes.join())
  return key ? API_TOKEN_ACCESS[key].label : scopes.join(', ')
}

export function TokensSection({
  tokens,
  isAdmin,
  appUrl,
}: {
  tokens: ApiTokenItem[]
  isAdmin: boolean
  appUrl: string
}) {
  const answer = useActionData<AccountActionData>()
  const created = answer && 'created' in answer ? answer.created : null
  return (
    <Section
      title="API tokens"
      description={
        <>
          Call the{' '}
          <a className="text-brand-400 underline" href="/api/docs">
            API
          </a>{' '}
          as yourself from scripts and bots: send{' '}
          <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>. Tokens act within their access
          and stop working when revoked.
        </>
      }
    >
      {created ? (
        <div
          className="flex flex-col gap-2 rounded-lg border border-emerald-500/40 bg-emerald-950/30 p-3"
          data-testid="new-token"
        >
          <p className="text-sm font-medium text-emerald-100">{API_TOKEN_MESSAGES.created}</p>
          <CopyField id="new-token" label={`Token “${created.item.name}”`} value={created.token} />
          <pre className="overflow-x-auto rounded bg-zinc-950 p-2 font-mono text-xs text-zinc-300">{`curl -H "Authorization: Bearer ${created.token}" ${appUrl}/api/tests`}</pre>
        </div>
      ) : null}
      <DeleteConfirmStep
        intent={ACCOUNT_INTENTS.revokeToken}
        items={tokens}
        message={revokeQuestion}
        confirmLabel="Revoke"
      />
      <TokenList tokens={tokens} />
      {/* A new form after each token made: the name typed for the last one is not offered again. */}
      <CreateTokenForm key={created?.item.id ?? 'new'} isAdmin={isAdmin} />
    </Section>
  )
}

function TokenList({ tokens }: { tokens: ApiTokenItem[] }) {
  if (!tokens.length) return <EmptyState text="You have no API tokens." />
  return (
    <ul
      className="flex flex-col divide-y divide-zinc-800 rounded-lg border border-zinc-800"
      aria-label="Your API tokens"
    >
      {tokens.map((token) => (
        <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5 text-sm">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words text-zinc-100">{token.name}</p>
            <p className="text-xs text-zinc-400">
              <code className="font-mono">{token.prefix}…</code> · {accessLabel(token.scopes)} · created{' '}
              <DateTime iso={token.created_at} />
            </p>
            <p className="text-xs text-zinc-500">
              {token.last_used_at ? (
                <>
                  Last used <DateTime iso={token.last_used_at} />
                </>
              ) : (
                'Never used'
              )}
            </p>
          </div>
          <ConfirmButtonForm
            formKey={confirmKeyOf(ACCOUNT_INTENTS.revokeToken, token.id)}
            intent={ACCOUNT_INTENTS.revokeToken}
            fields={{ id: token.id }}
            confirm={revokeQuestion(token)}
            label="Revoke"
            className={smallDangerButton}
            aria-label={`Revoke ${token.name}`}
          />
        </li>
      ))}
    </ul>
  )
}

function CreateTokenForm({ isAdmin }: { isAdmin: boolean }) {
  const { Form, action, hidden, busy, form, fields } = useSchemaForm(ACCOUNT_FORMS.token, apiTokenSchema, {
    id: 'create-token',
    defaultValue: { access: 'read' },
    validateOn: 'onSubmit',
  })
  const choices = ACCESS_KEYS.filter((k) => isAdmin || !API_TOKEN_ACCESS[k].adminOnly)
  return (
    <Form
      method="post"
      action={action}
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-3 border-t border-zinc-800 pt-4"
    >
      {hidden}
      <input type="hidden" name="intent" value={ACCOUNT_INTENTS.createToken} />
      <h3 className="text-sm font-semibold text-zinc-200">New token</h3>
      {form.errors?.length ? <Notice>{form.errors[0]}</Notice> : null}
      <Field
        id={fields.name.id}
        label="Name"
        errors={fields.name.errors}
        errorId={fields.name.errorId}
        hint="What uses it, e.g. “Attendance bot”."
      >
        <input {...inputProps(fields.name)} className={inputClass} placeholder="Token name" />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm text-zinc-300">Access</legend>
        {choices.map((key) => (
          // The whole row is the target (44 px at least), not the radio alone.
          <label
            key={key}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-zinc-800 px-3 py-2 text-sm hover:border-zinc-600 has-checked:border-brand-600 has-checked:bg-brand-600/10"
          >
            <input
              type="radio"
              name={fields.access.name}
              value={key}
              defaultChecked={fields.access.initialValue === key}
              className="size-5 shrink-0 accent-brand-500"
            />
            <span>
              <span className="font-medium text-zinc-100">{API_TOKEN_ACCESS[key].label}</span>
              <span className="block text-xs text-zinc-400">{API_TOKEN_ACCESS[key].hint}</span>
            </span>
          </label>
        ))}
        <FieldError id={fields.access.errorId} errors={fields.access.errors} />
      </fieldset>
      <div>
        <button type="submit" className={primaryButton} disabled={busy}>
          Create token
        </button>
      </div>
    </Form>
  )
}
