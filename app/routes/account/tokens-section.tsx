import { useActionData } from 'react-router'
import { ACCOUNT_FORMS, ACCOUNT_INTENTS, type AccountActionData } from './intents.ts'
import { useAccountErrors, useAccountText } from './contract-texts.ts'
import { useConfirmTexts, useCopyTexts } from './kit-texts.ts'
import { API_TOKEN_ACCESS, apiTokenSchema, type ApiTokenAccess, type ApiTokenItem } from '#contracts/api-tokens.ts'
import { CopyField } from '#app/ui/copy-field.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { ConfirmButtonForm } from '#app/ui/confirm.tsx'
import { confirmKeyOf, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { EmptyState, Field, FieldError, inputClass, Notice, Section } from '#app/ui/field.tsx'
import { inputProps } from '#app/ui/conform-props.ts'
import { primaryButton, smallDangerButton } from '#app/ui/button.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { useT } from '#app/ui/i18n.tsx'

// API tokens on the account page (docs/decisions/024-api-tokens.md): create (shown once), list with last use, revoke.
// A token's name is its owner's own words.

const ACCESS_KEYS = Object.keys(API_TOKEN_ACCESS) as ApiTokenAccess[]

/** The header a script sends: code, the same in every language. */
const AUTHORIZATION_HEADER = 'Authorization: Bearer <token>'

/** The access a token's scopes make, or null for scopes no choice grants. */
function accessOf(scopes: readonly string[]): ApiTokenAccess | null {
  return ACCESS_KEYS.find((k) => API_TOKEN_ACCESS[k].scopes.join() === scopes.join()) ?? null
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
  const t = useT('account.tokens')
  const dialog = useConfirmTexts()
  const copyTexts = useCopyTexts()
  const answer = useActionData<AccountActionData>()
  const created = answer && 'created' in answer ? answer.created : null
  return (
    <Section
      title={t('title')}
      description={t.rich('description', {
        api: (chunks) => (
          <a className="text-brand-400 underline" href="/api/docs">
            {chunks}
          </a>
        ),
        header: () => <code className="font-mono text-xs">{AUTHORIZATION_HEADER}</code>,
      })}
    >
      {created ? (
        <div
          className="flex flex-col gap-2 rounded-lg border border-emerald-500/40 bg-emerald-950/30 p-3"
          data-testid="new-token"
        >
          <p className="text-sm font-medium text-emerald-100">{t('created')}</p>
          <CopyField
            id="new-token"
            label={t('tokenLabel', { name: created.item.name })}
            value={created.token}
            texts={copyTexts}
          />
          <pre className="overflow-x-auto rounded bg-zinc-950 p-2 font-mono text-xs text-zinc-300">{`curl -H "Authorization: Bearer ${created.token}" ${appUrl}/api/tests`}</pre>
        </div>
      ) : null}
      <DeleteConfirmStep
        intent={ACCOUNT_INTENTS.revokeToken}
        items={tokens}
        message={(token) => t('revokeConfirm', { name: token.name })}
        confirmLabel={t('revoke')}
        cancelLabel={dialog.cancel}
      />
      <TokenList tokens={tokens} />
      {/* A new form after each token made: the name typed for the last one is not offered again. */}
      <CreateTokenForm key={created?.item.id ?? 'new'} isAdmin={isAdmin} />
    </Section>
  )
}

function TokenList({ tokens }: { tokens: ApiTokenItem[] }) {
  const t = useT('account.tokens')
  const dialog = useConfirmTexts()
  if (!tokens.length) return <EmptyState text={t('none')} />
  return (
    <ul
      className="flex flex-col divide-y divide-zinc-800 rounded-lg border border-zinc-800"
      aria-label={t('listLabel')}
    >
      {tokens.map((token) => {
        const access = accessOf(token.scopes)
        return (
          <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-zinc-100">{token.name}</p>
              <p className="text-xs text-zinc-400">
                <code className="font-mono">{token.prefix}…</code> ·{' '}
                {access ? t(`levels.${access}.label`) : token.scopes.join(', ')} ·{' '}
                {t.rich('madeOn', { date: () => <DateTime iso={token.created_at} /> })}
              </p>
              <p className="text-xs text-zinc-500">
                {token.last_used_at
                  ? t.rich('lastUsed', { date: () => <DateTime iso={token.last_used_at!} /> })
                  : t('neverUsed')}
              </p>
            </div>
            <ConfirmButtonForm
              formKey={confirmKeyOf(ACCOUNT_INTENTS.revokeToken, token.id)}
              intent={ACCOUNT_INTENTS.revokeToken}
              fields={{ id: token.id }}
              confirm={t('revokeConfirm', { name: token.name })}
              dialog={dialog}
              label={t('revoke')}
              className={smallDangerButton}
              aria-label={t('revokeNamed', { name: token.name })}
            />
          </li>
        )
      })}
    </ul>
  )
}

function CreateTokenForm({ isAdmin }: { isAdmin: boolean }) {
  const t = useT('account.tokens')
  const text = useAccountText()
  const errors = useAccountErrors()
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
      <h3 className="text-sm font-semibold text-zinc-200">{t('new')}</h3>
      {form.errors?.length ? <Notice>{text(form.errors[0]!)}</Notice> : null}
      <Field
        id={fields.name.id}
        label={t('name')}
        errors={errors(fields.name.errors)}
        errorId={fields.name.errorId}
        hint={t('nameHint')}
      >
        <input {...inputProps(fields.name)} className={inputClass} placeholder={t('namePlaceholder')} />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm text-zinc-300">{t('access')}</legend>
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
              <span className="font-medium text-zinc-100">{t(`levels.${key}.label`)}</span>
              <span className="block text-xs text-zinc-400">{t(`levels.${key}.hint`)}</span>
            </span>
          </label>
        ))}
        <FieldError id={fields.access.errorId} errors={errors(fields.access.errors)} />
      </fieldset>
      <div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {t('create')}
        </button>
      </div>
    </Form>
  )
}
