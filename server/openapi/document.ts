import { z } from 'zod'
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi'
import { singleton } from '../singleton.ts'
import type { ApiOperation } from './operation.ts'
import { adminOperations } from './operations-admin.ts'
import { integrationOperations } from './operations-integrations.ts'
import { memberOperations } from './operations-members.ts'
import { pathParametersOf } from './path-parameters.ts'

// The OpenAPI 3.1 document of /api (served at /api/openapi.json, rendered at /api/docs), built by zod-openapi from the
// operation tables, whose request schemas are the contracts the routes parse with (docs/decisions/023-openapi-from-the-contracts.md).

export type OpenApiDocument = ReturnType<typeof createDocument>

const API_OPERATIONS: readonly ApiOperation[] = [...memberOperations, ...adminOperations, ...integrationOperations]

const errorSchema = z
  .object({
    error: z.string().meta({ description: 'What went wrong, written for a person.' }),
    fields: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Validation messages per field.' }),
  })
  .meta({ id: 'Error' })

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input; `fields` names the fields.',
  401: 'Not logged in, or the token is unknown or revoked.',
  403: "Not allowed: not an admin, the token's scopes do not cover this call, banned, or sign-ups are locked.",
  404: 'Not found.',
  409: 'Conflicts with the current state (a slot already taken, a duplicate name).',
  413: 'The file is larger than the call accepts.',
  429: 'Rate limited; Retry-After says how many seconds to wait.',
}

/** Bearer scopes an operation needs (OpenAPI 3.1 allows role names on non-OAuth schemes). */
function securityOf(op: ApiOperation): ZodOpenApiOperationObject['security'] {
  const tokenScope =
    op.access === 'admin'
      ? 'admin'
      : op.access === 'game-server'
        ? 'game-server'
        : op.method === 'get'
          ? 'read'
          : 'member'
  if (op.access === 'public') return []
  if (op.access === 'game-server') return [{ apiToken: [tokenScope] }]
  const signedIn: Array<Record<string, string[]>> = [{ session: [] }, { apiToken: [tokenScope] }]
  return op.access === 'optional-user' ? [{}, ...signedIn] : signedIn
}

function responsesOf(op: ApiOperation): ZodOpenApiResponsesObject {
  const media = op.produces ?? 'application/json'
  const success = {
    description: op.status === 201 ? 'Created' : op.status === 202 ? 'Accepted' : 'OK',
    content: { [media]: op.response ? { schema: op.response } : {} },
  }
  const statuses: number[] = []
  if (op.body || op.query || op.upload) statuses.push(400)
  if (op.upload) statuses.push(413)
  if (op.access !== 'public' && op.access !== 'optional-user') statuses.push(401, 403)
  if (op.path.includes('{')) statuses.push(404)
  if (op.method !== 'get' && op.access !== 'public') statuses.push(409)
  if (op.access !== 'public') statuses.push(429)
  const responses: ZodOpenApiResponsesObject = { [String(op.status ?? 200)]: success }
  for (const status of statuses) {
    responses[`${status}` as `4${string}`] = {
      description: ERROR_TEXT[status]!,
      content: { 'application/json': { schema: errorSchema } },
    }
  }
  return responses
}

/** A file upload: the raw bytes under any of the given types, or one file field of a multipart form. */
function uploadBody({ field, types }: NonNullable<ApiOperation['upload']>) {
  const file = z.string().meta({ format: 'binary' })
  return {
    required: true,
    content: {
      ...Object.fromEntries(types.map((type) => [type, { schema: file }])),
      'multipart/form-data': { schema: z.object({ [field]: file }) },
    },
  }
}

function operationObject(op: ApiOperation): ZodOpenApiOperationObject {
  const path = pathParametersOf(op.path, op.params)
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    operationId: `${op.method}${op.path
      .replace(/^\/api/, '')
      .replace(/\{(\w+)\}/g, 'By-$1')
      .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    security: securityOf(op),
    ...(path || op.query
      ? { requestParams: { ...(path ? { path } : {}), ...(op.query ? { query: op.query } : {}) } }
      : {}),
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
    ...(op.upload ? { requestBody: uploadBody(op.upload) } : {}),
    responses: responsesOf(op),
  }
}

export function buildOpenApiDocument(operations: readonly ApiOperation[] = API_OPERATIONS): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {}
  for (const op of operations) (paths[op.path] ??= {})[op.method] = operationObject(op)
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Task Force HQ API',
      version: '1.0.0',
      description:
        'The JSON API of the unit app. Answers are JSON; errors are `{error}` (validation adds `fields`). Call it with the ' +
        'session cookie of a logged-in browser, or with `Authorization: Bearer <token>` using a personal API token created ' +
        'on your account page (no cookie and no Origin header needed).',
    },
    // The reference page lists sections in this order: members' calls first, then admin, then game servers.
    tags: [...new Set(operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'session',
          description: 'The login session of the browser (`__Host-session` behind https).',
        },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal API token (scopes `read`, `member`, `admin`) or a server token (scope `game-server`). The scopes ' +
            'listed on an operation are the ones the token needs.',
        },
      },
    },
  })
}

/** The document is the same for the life of the process. */
export function openApiDocument(): OpenApiDocument {
  return singleton('openapi:document', () => buildOpenApiDocument())
}
