import { z } from 'zod'
import { requiredText } from './fields.ts'

// Personal API tokens and server tokens (docs/rules/api.md, API tokens): the create form on the account page and its
// JSON twin parse with one schema; the scopes a choice of access grants; what the account page lists.

/** Scopes a token may hold. read, member and admin build on each other; game-server stands alone. */
export const API_TOKEN_SCOPES = ['read', 'member', 'admin', 'game-server'] as const
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number]

/** The access a person picks when creating a token, and the scopes it grants. */
export const API_TOKEN_ACCESS = {
  read: { label: 'Read', hint: 'Read what you can see; no changes.', scopes: ['read'], adminOnly: false },
  member: {
    label: 'Member actions',
    hint: 'Also sign up, leave and join the waitlist as you.',
    scopes: ['read', 'member'],
    adminOnly: false,
  },
  admin: {
    label: 'Admin',
    hint: 'Everything you can do as an admin.',
    scopes: ['read', 'member', 'admin'],
    adminOnly: true,
  },
  'game-server': {
    label: 'Game server',
    hint: 'Only the game-server endpoints (/api/integrations); logged as the token name.',
    scopes: ['game-server'],
    adminOnly: true,
  },
} as const satisfies Record<
  string,
  { label: string; hint: string; scopes: readonly ApiTokenScope[]; adminOnly: boolean }
>
export type ApiTokenAccess = keyof typeof API_TOKEN_ACCESS
const ACCESS_KEYS = Object.keys(API_TOKEN_ACCESS) as [ApiTokenAccess, ...ApiTokenAccess[]]

/** A person holds at most this many tokens. */
export const MAX_API_TOKENS = 20

/** The longest token name. */
export const API_TOKEN_NAME_MAX = 100

export const API_TOKEN_MESSAGES = {
  created: 'Token created. Copy it now: it will not be shown again.',
  revoked: 'Token revoked.',
  nameRequired: 'Token name is required.',
  nameTooLong: `Token names are limited to ${API_TOKEN_NAME_MAX} characters.`,
  nameTaken: 'You already have a token with that name.',
  tooMany: `You can hold at most ${MAX_API_TOKENS} tokens. Revoke one first.`,
  adminOnly: 'Only admins can create admin or game-server tokens.',
} as const

export const apiTokenSchema = z.object({
  name: requiredText(API_TOKEN_MESSAGES.nameRequired, API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES.nameTooLong),
  access: z.enum(ACCESS_KEYS, { error: `access must be one of: ${ACCESS_KEYS.join(', ')}.` }),
})
export type ApiTokenInput = z.output<typeof apiTokenSchema>

/** A token as its owner's list shows it (never the token itself). */
export interface ApiTokenItem {
  id: number
  name: string
  scopes: ApiTokenScope[]
  prefix: string
  created_at: string
  last_used_at: string | null
}

/** The answer to a create: the token, this once. */
export interface CreatedApiToken {
  token: string
  item: ApiTokenItem
}
