import { asc } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { squadRoleMappings } from '#db/schema/discord.ts'

// A squad's Discord role record: squad_id, create_discord_channel, discord_role_id (docs/rules/discord.md).

export interface SquadRoleRecord {
  id: number
  squad_id: number
  create_discord_channel: boolean
  discord_role_id: string | null
}

export async function listSquadRoleRecords(db: DbOrTx): Promise<SquadRoleRecord[]> {
  return db
    .select({
      id: squadRoleMappings.id,
      squad_id: squadRoleMappings.squad_id,
      create_discord_channel: squadRoleMappings.create_discord_channel,
      discord_role_id: squadRoleMappings.discord_role_id,
    })
    .from(squadRoleMappings)
    .orderBy(asc(squadRoleMappings.squad_id))
}
