import { z } from 'zod'
import { MAX_INT } from '#contracts/ids.ts'
import { pingKindSchema } from '#contracts/pings.ts'
import { eligibilityChangeSchema } from '#contracts/assessments.ts'

// What each path parameter of /api accepts, by name, so a route's `{id}` reads as an integer in the reference and not
// as free text. The ids are what the routes' parseId accepts (contracts/ids.ts: 1 to 2^31-1; anything else is a 404,
// or a 400 for a slot); the uuids what isUuid accepts (any version, either case). A path where a name means something
// else says so on its operation (ApiOperation.params).

const id = z.int().min(1).max(MAX_INT)
const uuid = z.guid()

export const PATH_PARAMETERS: Readonly<Record<string, z.ZodType>> = {
  id: id.meta({ description: 'A numeric id.' }),
  memberId: id.meta({ description: "The member's numeric id." }),
  grantId: id.meta({ description: "The award grant's numeric id." }),
  userId: id.meta({ description: "The guest's user id, as the guests list names it." }),
  deliveryId: z
    .string()
    .regex(/^msg_[0-9a-f]{32}$/)
    .meta({ description: "A webhook delivery's message id (msg_…), as the deliveries list names it." }),
  uuid: uuid.meta({ description: "The attempt's uuid." }),
  sessionId: uuid.meta({ description: "The live evaluation's uuid." }),
  kind: pingKindSchema,
  change: eligibilityChangeSchema,
  name: z.string().meta({ description: 'The file name the upload answered with.' }),
}

/** A test named by its numeric id or its uuid (the take page knows only the uuid). */
export const testRefParameter = z.xor([id, uuid]).meta({ description: "The test's numeric id or its uuid." })

/** The schema of each `{name}` in `path`: the operation's own first, then the table; a name in neither is a mistake. */
export function pathParametersOf(path: string, own: Readonly<Record<string, z.ZodType>> = {}) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
  const unknown = Object.keys(own).filter((name) => !names.includes(name))
  if (unknown.length) throw new Error(`${path} has no path parameter ${unknown.join(', ')}`)
  if (!names.length) return undefined
  return z.object(
    Object.fromEntries(
      names.map((name) => {
        const schema = own[name] ?? PATH_PARAMETERS[name]
        if (!schema) throw new Error(`The path parameter {${name}} of ${path} has no schema in PATH_PARAMETERS`)
        return [name, schema]
      }),
    ),
  )
}
