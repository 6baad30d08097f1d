// A realistic ORBAT for the benchmarks, arranged straight in the database with plain SQL (postgres.js), and the
// stand-in users the herd logs in as. Used by bench/run.ts (arrange, reset, read back) and bench/orbat-server.ts
// (the stand-in's users).
import type postgres from 'postgres'
import { DEMO_ROLES, type DemoUser } from '#db/seed/demo-guild.ts'

const r = DEMO_ROLES

/** The i-th logged-in bench user (the herd, and the sign-ups during the viewers scenario). */
export function benchUser(i: number): DemoUser {
  return {
    id: `81${String(i).padStart(16, '0')}`,
    username: `bench_${i}`,
    global_name: `Bench ${i}`,
    avatar: null,
    // Qualifies for every lock but Pilot (Command Element = admin or leader).
    roles: [r.member.id, r.rifleman.id, r.leader.id, r.medic.id, r.milsim.id],
    description: 'Bench user',
  }
}

const SL = 'Squad Leader'
const RF = 'Rifleman'
const MED = 'Combat Medic'
const PIL = 'Pilot'
const CMD = 'Command Element'
const spacer = (text: string): [string] => [`---${text.toUpperCase()}---`]

type Row = [role: string, lock?: string | null]
interface SquadDef {
  name: string
  x: number
  y: number
  primary: boolean
  teams: Array<[team: string, rows: Row[]]>
}

const infantry = (name: string, x: number, y: number): SquadDef => ({
  name,
  x,
  y,
  primary: true,
  teams: [
    [
      `${name} HQ`,
      [
        ['Squad Leader', SL],
        ['Medic', MED],
        ['Radio Operator', RF],
      ],
    ],
    [
      'Fireteam 1',
      [
        spacer('Fireteams'),
        ['Team Leader', SL],
        ['Autorifleman', RF],
        ['Grenadier', RF],
        ['Rifleman', null],
        ['Rifleman (AT)', RF],
      ],
    ],
    [
      'Fireteam 2',
      [
        ['Team Leader', SL],
        ['Autorifleman', RF],
        ['Grenadier', RF],
        ['Rifleman', null],
        ['Rifleman (AT)', RF],
      ],
    ],
  ],
})

/** 12 squads, 120 rows (slots and spacer headings). */
export const BENCH_ORBAT: SquadDef[] = [
  {
    name: 'Command',
    x: 0,
    y: 600,
    primary: false,
    teams: [
      [
        'HQ',
        [
          ['Platoon Leader', CMD],
          ['Platoon Sergeant', SL],
          ['Radio Operator', RF],
          ['Platoon Medic', MED],
        ],
      ],
      [
        'Attachments',
        [
          spacer('Fire support'),
          ['JTAC', null],
          ['Forward Observer', RF],
          ['Interpreter', null],
          ['Combat Engineer', RF],
        ],
      ],
    ],
  },
  infantry('Alpha', 560, 0),
  infantry('Bravo', 560, 420),
  infantry('Charlie', 560, 840),
  infantry('Delta', 560, 1260),
  {
    name: 'Weapons',
    x: 1100,
    y: 0,
    primary: true,
    teams: [
      ['MG Team 1', [spacer('Machine guns'), ['Gunner', RF], ['Assistant Gunner', RF], ['Ammo Bearer', null]]],
      [
        'MG Team 2',
        [
          ['Gunner', RF],
          ['Assistant Gunner', RF],
          ['Ammo Bearer', null],
          ['Ammo Bearer', null],
        ],
      ],
      ['AT Team', [spacer('Anti-tank'), ['AT Gunner', RF], ['AT Assistant', RF]]],
    ],
  },
  {
    name: 'Mortar',
    x: 1100,
    y: 420,
    primary: false,
    teams: [
      [
        'Mortar Section',
        [
          ['Section Lead', SL],
          spacer('Tube 1'),
          ['Gunner', RF],
          ['Assistant', RF],
          spacer('Tube 2'),
          ['Gunner', RF],
          ['Assistant', RF],
        ],
      ],
    ],
  },
  {
    name: 'Recon',
    x: 1100,
    y: 840,
    primary: false,
    teams: [
      [
        'Recon Team',
        [
          ['Team Lead', SL],
          ['Marksman', RF],
          ['Spotter', RF],
          ['Drone Operator', null],
          ['Radio Operator', RF],
          spacer('Sniper'),
          ['Sniper', RF],
        ],
      ],
    ],
  },
  {
    name: 'Logistics',
    x: 1100,
    y: 1260,
    primary: false,
    teams: [
      [
        'Motor Pool',
        [
          spacer('Motor pool'),
          ['Driver', null],
          ['Driver', null],
          ['Driver', null],
          ['Driver', null],
          ['Engineer', RF],
          ['Engineer', RF],
          ['Logistics Medic', MED],
        ],
      ],
    ],
  },
  {
    name: 'Armor',
    x: 1640,
    y: 0,
    primary: false,
    teams: [
      [
        'Crew 1',
        [
          ['Commander', SL],
          ['Gunner', RF],
          ['Driver', null],
          ['Loader', null],
        ],
      ],
      ['Crew 2', [spacer('Second vehicle'), ['Commander', SL], ['Gunner', RF], ['Driver', null], ['Loader', null]]],
    ],
  },
  {
    name: 'Raven 1-1 (Air)',
    x: 1640,
    y: 600,
    primary: false,
    teams: [
      [
        'Raven 1-1',
        [
          ['Pilot', PIL],
          ['Co-Pilot', PIL],
          ['Crew Chief', RF],
          ['Door Gunner', RF],
          ['Door Gunner', RF],
        ],
      ],
    ],
  },
  {
    name: 'Raven 1-2 (Air)',
    x: 1640,
    y: 1000,
    primary: false,
    teams: [
      [
        'Raven 1-2',
        [
          ['Pilot', PIL],
          ['Co-Pilot', PIL],
          ['Crew Chief', RF],
          spacer('Passengers'),
          ['Passenger', null],
          ['Passenger', null],
        ],
      ],
    ],
  },
]

export const HERD_SLOTS = 100
export const HOLDER_COUNT = 50
export const MANUAL_COUNT = 6
export const WAITLIST_COUNT = 30

export interface ArrangedSlot {
  id: number
  squadId: number
  role: string
  lock: string | null
  spacer: boolean
  /** The holder in the arranged (half taken) state. */
  userId: number | null
  manualName: string | null
}

export interface Arrangement {
  squads: number
  rows: number
  spacers: number
  slots: ArrangedSlot[]
  /** The first HERD_SLOTS real, non-Pilot slots in ORBAT order: the herd's targets. */
  herdSlotIds: number[]
  waitlist: Array<{ userId: number; squadId: number | null; minutesAgo: number }>
  edges: number
  waypoints: number
  paxCounters: number
}

const FIRST = [
  'Alex',
  'Sam',
  'Jordan',
  'Chris',
  'Robin',
  'Taylor',
  'Morgan',
  'Casey',
  'Jamie',
  'Drew',
  'Quinn',
  'Riley',
]
const LAST = [
  'Hartmann',
  'Okoye',
  'Lindqvist',
  'Moreau',
  'Ivanov',
  'Tanaka',
  'Silva',
  'Novak',
  'Brennan',
  'Kaur',
  'Fischer',
]

/** Arranges the ORBAT in an empty database (one transaction, announced to the app with NOTIFY). */
export async function arrangeOrbat(sql: postgres.Sql): Promise<Arrangement> {
  return sql.begin(async (tx) => {
    await tx`insert into eligible_roles ${tx([
      { role_name: RF, role_id: r.rifleman.id, can_join_general_waitlist: true },
      { role_name: MED, role_id: r.medic.id, can_join_general_waitlist: false },
      { role_name: PIL, role_id: r.pilot.id, can_join_general_waitlist: false },
      { role_name: SL, role_id: r.leader.id, can_join_general_waitlist: false },
      { role_name: CMD, role_id: `${r.admin.id},${r.leader.id}`, can_join_general_waitlist: false },
    ])}`
    const [platoon] =
      await tx`insert into platoons (name, discord_role_id) values ('1st Platoon', ${r.platoon1.id}) returning id`
    const squadRows = await tx`insert into squads ${tx(
      BENCH_ORBAT.map((s) => ({
        name: s.name,
        pos_x: s.x,
        pos_y: s.y,
        can_be_primary_waitlist: s.primary,
        platoon_id: s.primary ? platoon!.id : null,
      })),
    )} returning id, name`
    const squadId = new Map(squadRows.map((s) => [s.name as string, s.id as number]))

    // People: HOLDER_COUNT slot holders, then WAITLIST_COUNT waiting; about half have a roster name (in-game name).
    const people = Array.from({ length: HOLDER_COUNT + WAITLIST_COUNT }, (_, i) => {
      const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`
      const waiting = i >= HOLDER_COUNT
      const k = i - HOLDER_COUNT
      const roles = !waiting
        ? [r.member.id, r.rifleman.id]
        : k % 6 === 4
          ? [r.member.id, r.medic.id]
          : k % 6 === 5
            ? [r.member.id, r.pilot.id]
            : [r.member.id, r.rifleman.id]
      return {
        discord_id: `71${String(i).padStart(16, '0')}`,
        username: `player_${i}`,
        display_name: i % 3 === 0 ? null : name,
        avatar: i % 4 === 0 ? null : `a_${(i * 2654435761).toString(16).padStart(12, '0').slice(0, 32)}`,
        discord_roles: roles,
        roles_refreshed_at: new Date(),
      }
    })
    const userRows = await tx`insert into users ${tx(people)} returning id, discord_id`
    const userIds = userRows.map((u) => u.id as number)
    await tx`insert into members ${tx(
      people
        .map((p, i) => ({ p, i }))
        .filter(({ i }) => i % 2 === 0)
        .map(({ p, i }) => ({
          ingame_name: `${LAST[i % LAST.length]}.${i}`,
          rank: 'JNCO',
          join_date: '2024-01-01',
          discord_id: p.discord_id,
        })),
    )}`

    // Slots: every row in order; about half of the real slots taken (users, and a few names typed by admins).
    const slotInput: Array<Record<string, unknown>> = []
    for (const squad of BENCH_ORBAT) {
      squad.teams.forEach(([team, rows], teamOrder) => {
        rows.forEach(([role, lock], slotOrder) => {
          slotInput.push({
            squad_id: squadId.get(squad.name)!,
            team,
            team_order: teamOrder,
            slot_order: slotOrder,
            role,
            required_role_id: lock ?? null,
          })
        })
      })
    }
    let real = 0
    let holders = 0
    let manual = 0
    for (const row of slotInput) {
      row.user_id = null
      row.manual_username = null
      if ((row.role as string).startsWith('---')) continue
      const take = real++ % 2 === 0 && row.required_role_id !== PIL
      if (!take) continue
      // Mostly members; now and then a name an admin typed in (a guest, a member without Discord).
      if ((holders + manual) % 9 === 8 && manual < MANUAL_COUNT) row.manual_username = `Guest ${++manual}`
      else if (holders < HOLDER_COUNT) row.user_id = userIds[holders++]
    }
    const inserted =
      await tx`insert into slots ${tx(slotInput)} returning id, squad_id, role, required_role_id, user_id, manual_username`
    const slots: ArrangedSlot[] = inserted.map((s) => ({
      id: s.id,
      squadId: s.squad_id,
      role: s.role,
      lock: s.required_role_id,
      spacer: (s.role as string).startsWith('---'),
      userId: s.user_id,
      manualName: s.manual_username,
    }))

    const waitlist: Arrangement['waitlist'] = []
    const primary = BENCH_ORBAT.filter((s) => s.primary).map((s) => squadId.get(s.name)!)
    for (let k = 0; k < WAITLIST_COUNT; k++) {
      waitlist.push({
        userId: userIds[HOLDER_COUNT + k]!,
        squadId: k % 5 < 2 ? null : primary[k % primary.length]!,
        minutesAgo: 60 - k,
      })
    }
    await insertWaitlist(tx, waitlist)

    const [w1, w2] = await tx`insert into orbat_waypoints ${tx([
      { pos_x: 1380, pos_y: 760 },
      { pos_x: 1380, pos_y: 1100 },
    ])} returning id`
    await tx`insert into orbat_pax_counters ${tx([
      { pos_x: 0, pos_y: 0 },
      { pos_x: 0, pos_y: 200 },
      { pos_x: 0, pos_y: 400 },
    ])}`
    const node = (name: string) => `squad-${squadId.get(name)!}`
    const edges = [
      ...['Alpha', 'Bravo', 'Charlie', 'Delta', 'Weapons', 'Mortar', 'Recon', 'Logistics', 'Armor'].map((name) => ({
        source: node('Command'),
        target: node(name),
      })),
      { source: node('Command'), target: `waypoint-${w1!.id}` },
      { source: `waypoint-${w1!.id}`, target: node('Raven 1-1 (Air)') },
      { source: `waypoint-${w1!.id}`, target: `waypoint-${w2!.id}` },
      { source: `waypoint-${w2!.id}`, target: node('Raven 1-2 (Air)') },
    ].map((e) => ({ ...e, source_handle: 'bottom', target_handle: 'top', type: 'smoothstep' }))
    await tx`insert into orbat_edges ${tx(edges)}`
    await tx`select pg_notify('orbat_changed', '')`

    const realSlots = slots.filter((s) => !s.spacer)
    const herdSlotIds = realSlots
      .filter((s) => s.lock !== PIL)
      .slice(0, HERD_SLOTS)
      .map((s) => s.id)
    if (herdSlotIds.length < HERD_SLOTS) throw new Error(`bench ORBAT has only ${herdSlotIds.length} herd slots`)
    return {
      squads: squadRows.length,
      rows: slots.length,
      spacers: slots.length - realSlots.length,
      slots,
      herdSlotIds,
      waitlist,
      edges: edges.length,
      waypoints: 2,
      paxCounters: 3,
    }
  })
}

async function insertWaitlist(tx: postgres.TransactionSql, waitlist: Arrangement['waitlist']) {
  for (const w of waitlist) {
    await tx`insert into waitlist_entries (user_id, squad_id, created_at) values (${w.userId}, ${w.squadId}, now() - make_interval(mins => ${w.minutesAgo}))`
  }
}

/** Back to the arranged state: the same holders, the same 30 waiting (whoever else held a slot lets go). */
export async function restoreArrangement(sql: postgres.Sql, a: Arrangement): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`update slots set user_id = null, manual_username = null where user_id is not null or manual_username is not null`
    for (const s of a.slots) {
      if (s.userId !== null || s.manualName !== null) {
        await tx`update slots set user_id = ${s.userId}, manual_username = ${s.manualName} where id = ${s.id}`
      }
    }
    await tx`delete from waitlist_entries`
    await insertWaitlist(tx, a.waitlist)
    await tx`select pg_notify('orbat_changed', '')`
  })
}

/** Every slot open (the moment sign-ups open), the 30 waiting as arranged. */
export async function openAllSlots(sql: postgres.Sql, a: Arrangement): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`update slots set user_id = null, manual_username = null where user_id is not null or manual_username is not null`
    await tx`delete from waitlist_entries`
    await insertWaitlist(tx, a.waitlist)
    await tx`select pg_notify('orbat_changed', '')`
  })
}
