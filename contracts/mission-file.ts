import { z } from 'zod'
import { text } from './fields.ts'

// The mission file round trip (docs/rules/orbat.md, The mission file): what POST /api/admin/orbat/import/sqm answers,
// and the proposal the page without JavaScript carries from its preview to its Apply.

export const MISSION_FILE = {
  /** The largest mission.sqm either call reads. */
  maxBytes: 10 * 1024 * 1024,
  /** The multipart field that carries the file (any file field is read when it is missing). */
  field: 'mission',
  /** The name the export's download gets. */
  downloadName: 'mission.sqm',
} as const

const name = text().trim().min(1).max(100)

export const proposedSquadSchema = z.object({
  name: name.meta({
    description: 'The squad: the group\'s callsign, else the "@" part of its role descriptions, else "Group N".',
  }),
  side: text()
    .max(40)
    .meta({ description: "The group's side as the mission writes it (West, East, Independent, Civilian)." }),
  teams: z
    .array(
      z.object({
        name,
        slots: z
          .array(
            z.object({
              name: name.meta({
                description: 'The unit\'s role description before "@", or its class\'s display name.',
              }),
              unit_class: text().max(200).meta({ description: 'The unit\'s class, e.g. "B_Soldier_SL_F".' }),
            }),
          )
          .max(10_000),
      }),
    )
    .max(10_000),
})
export type ProposedSquadView = z.output<typeof proposedSquadSchema>

const heldSlot = z.object({
  slot: text().meta({ description: 'The slot as "Role (Squad)".' }),
  member: text().meta({ description: 'Who holds it today.' }),
})

export const missionImportSchema = z.object({
  squads: z.array(proposedSquadSchema).meta({ description: "The proposed ORBAT, in the mission's order." }),
  skipped: z
    .array(z.object({ unit: text(), reason: text() }))
    .meta({ description: 'Playable units the proposal leaves out, and why.' }),
  freed: z.array(heldSlot).meta({
    description:
      'Held slots the apply removes (no slot of the same name in a squad of the same name): their members are freed.',
  }),
  kept: z.array(heldSlot).meta({ description: 'Held slots that stay, with their members (same squad and slot name).' }),
  binarized: z.boolean().meta({
    description:
      'The file was binarized (Eden\'s "Binarize the Scenario File"): it was read from its binary form, and the export answers it as text.',
  }),
})
export type MissionImport = z.output<typeof missionImportSchema>
export type HeldSlot = z.output<typeof heldSlot>

/** The held slots a page's Apply was confirmed for (the preview's `freed`, posted back with the proposal). */
export const confirmedFreedSchema = z.array(heldSlot).max(10_000)
/** The units the preview left out, posted back with the proposal so that a confirm step can show them again. */
export const skippedUnitsSchema = missionImportSchema.shape.skipped.max(10_000)

/** How many names the Apply question lists before "and N more". */
const NAMES_SHOWN = 12

/**
 * The question Apply asks when it frees held slots (docs/rules/orbat.md, The mission file): "Apply frees 7 members'
 * slots: Reyes, Novak, ...".
 */
export function applyConfirm(freed: readonly HeldSlot[]): string {
  const names = freed.map((f) => f.member)
  const shown =
    names.length > NAMES_SHOWN ? [...names.slice(0, NAMES_SHOWN), `and ${names.length - NAMES_SHOWN} more`] : names
  const slots = names.length === 1 ? "1 member's slot" : `${names.length} members' slots`
  return `Apply frees ${slots}: ${shown.join(', ')}. They can sign up again, or restore the version before the import in ORBAT History to put them back.`
}

/** The proposal a preview page posts back to apply it (what the preview showed, nothing else). */
export const missionProposalSchema = z.array(proposedSquadSchema).min(1).max(500)
export type MissionProposal = z.output<typeof missionProposalSchema>
