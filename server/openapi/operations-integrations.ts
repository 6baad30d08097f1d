import {
  attendanceByUuidResultSchema,
  attendanceByUuidSchema,
  orbatByPlayerSchema,
  playerSlotQuerySchema,
  playerSlotSchema,
} from '#contracts/integrations.ts'
import { operationsOf, type ApiOperation } from './operation.ts'

// The game-server endpoints (docs/game-server.md): a server token with the scope game-server, nothing else.

const game = operationsOf('Game server')

export const integrationOperations: ApiOperation[] = [
  game.get(
    '/api/integrations/slots',
    'game-server',
    "A player's slot by Bohemia UUID (404: not on the roster, or holds no slot)",
    { query: playerSlotQuerySchema, response: playerSlotSchema },
  ),
  game.get('/api/integrations/orbat', 'game-server', 'Who holds which slot, keyed by Bohemia UUID', {
    response: orbatByPlayerSchema,
    description: 'Answers with an ETag; send it back in If-None-Match and get 304 while nothing changed.',
  }),
  game.post(
    '/api/integrations/events/{id}/attendance',
    'game-server',
    'Record who played an event; event scores move as on the admin screen',
    {
      body: attendanceByUuidSchema,
      response: attendanceByUuidResultSchema,
      description:
        'Idempotent: players already recorded are left alone; unknown UUIDs are listed. Audit-logged under the token name.',
    },
  ),
]
