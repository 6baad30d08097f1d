import { and, asc, count, eq } from 'drizzle-orm'
import {
  API_TOKEN_ACCESS,
  API_TOKEN_MESSAGES,
  MAX_API_TOKENS,
  type ApiTokenInput,
  type ApiTokenItem,
  type ApiTokenScope,
  type CreatedApiToken,
} from '#contracts/api-tokens.ts'
import type { DbOrTx } from '#db/client.ts'
import { apiTokens, type ApiToken } from '#db/schema/api-tokens.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import { generateToken, hashToken, TOKEN_PREFIX } from '../auth/api-token.ts'
import type { AppServices } from '../context.ts'
import { Conflict, Forbidden, NotFound } from '../errors.ts'
import { runTransaction } from '../transaction.ts'

// A person's API tokens (docs/rules/api.md, API tokens), managed on their account page with their session: create (the
// token is shown once; only its hash is kept), list, revoke. Both changes are audit-logged.

/** How much of a token its owner's list shows: the fixed prefix and a few random characters. */
const SHOWN_CHARS = TOKEN_PREFIX.length + 6

function toItem(row: ApiToken): ApiTokenItem {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiTokenScope[],
    prefix: row.token_prefix,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  }
}

export async function listApiTokens(db: DbOrTx, user: Pick<User, 'id'>): Promise<ApiTokenItem[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.user_id, user.id))
    .orderBy(asc(apiTokens.created_at), asc(apiTokens.id))
  return rows.map(toItem)
}

export async function createApiToken(
  services: AppServices,
  user: User,
  input: ApiTokenInput,
): Promise<CreatedApiToken> {
  const access = API_TOKEN_ACCESS[input.access]
  if (access.adminOnly && !user.is_admin)
    throw new Forbidden(API_TOKEN_MESSAGES.adminOnly, { access: [API_TOKEN_MESSAGES.adminOnly] })
  const token = generateToken()
  return runTransaction(
    services,
    async (tx) => {
      const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.user_id, user.id))
      if ((held?.n ?? 0) >= MAX_API_TOKENS) throw new Conflict(API_TOKEN_MESSAGES.tooMany)
      const [row] = await tx
        .insert(apiTokens)
        .values({
          user_id: user.id,
          name: input.name,
          token_hash: hashToken(token),
          token_prefix: token.slice(0, SHOWN_CHARS),
          scopes: [...access.scopes],
        })
        .onConflictDoNothing({ target: [apiTokens.user_id, apiTokens.name] })
        .returning()
      if (!row) throw new Conflict(API_TOKEN_MESSAGES.nameTaken, { name: [API_TOKEN_MESSAGES.nameTaken] })
      await recordAudit(tx, user, 'API token created', `${row.name} (${row.scopes.join(', ')})`)
      return { token, item: toItem(row) }
    },
    { name: 'create api token', changes: [] },
  )
}

/** Revoking takes effect on the next request: every request looks its token up. */
export async function revokeApiToken(services: AppServices, user: User, id: number): Promise<void> {
  return runTransaction(
    services,
    async (tx) => {
      const [removed] = await tx
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.user_id, user.id)))
        .returning()
      if (!removed) throw new NotFound('Token not found.')
      await recordAudit(tx, user, 'API token revoked', removed.name)
    },
    { name: 'revoke api token', changes: [] },
  )
}
