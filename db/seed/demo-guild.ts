// The demo unit's Discord guild: the stand-in serves it, the seed links roster members to its users,
// and demo mode points the app's DISCORD_* settings at it. Ids are Discord-style snowflakes (strings).

export const DEMO_GUILD_ID = '900000000000000000'
export const DEMO_CLIENT_ID = 'demo-client-id'
export const DEMO_CLIENT_SECRET = 'demo-client-secret'
export const DEMO_BOT_TOKEN = 'demo-bot-token'

export const DEMO_ROLES = {
  admin: { id: '910000000000000001', name: 'Command Staff' },
  member: { id: '910000000000000002', name: 'Member' },
  rifleman: { id: '910000000000000003', name: 'Rifleman' },
  medic: { id: '910000000000000004', name: 'Combat Medic' },
  pilot: { id: '910000000000000005', name: 'Pilot' },
  leader: { id: '910000000000000006', name: 'Squad Leader' },
  eventPing: { id: '910000000000000007', name: 'Event Ping' },
  milsim: { id: '910000000000000008', name: 'Milsim' },
  platoon1: { id: '910000000000000009', name: '1st Platoon' },
  cadre: { id: '910000000000000010', name: 'Training Cadre' },
  onLeave: { id: '910000000000000011', name: 'On Leave' },
  rankBMT: { id: '920000000000000001', name: 'BMT' },
  rankJNCO: { id: '920000000000000002', name: 'JNCO' },
  rankNCO: { id: '920000000000000003', name: 'NCO' },
  rankSNCO: { id: '920000000000000004', name: 'SNCO' },
  rankJOFC: { id: '920000000000000005', name: 'JOFC' },
  rankOFC: { id: '920000000000000006', name: 'OFC' },
  rankSOFC: { id: '920000000000000007', name: 'SOFC' },
  rankTEAM: { id: '920000000000000008', name: 'TEAM' },
} as const

export const DEMO_CHANNELS = {
  announcements: { id: '930000000000000001', name: 'announcements', type: 0 },
  orbatActivity: { id: '930000000000000002', name: 'orbat-activity', type: 0 },
  events: { id: '930000000000000003', name: 'events', type: 0 },
  trainings: { id: '930000000000000004', name: 'trainings', type: 0 },
  promotions: { id: '930000000000000005', name: 'promotions', type: 0 },
  squadCategory: { id: '930000000000000006', name: 'SQUADS', type: 4 },
  leave: { id: '930000000000000007', name: 'leave-of-absence', type: 0 },
  recruiters: { id: '930000000000000008', name: 'recruiters', type: 0 },
  adminAlerts: { id: '930000000000000009', name: 'admin-alerts', type: 0 },
} as const

export interface DemoUser {
  id: string
  username: string
  global_name: string
  /** Discord avatar hash; null means the default avatar. */
  avatar: string | null
  roles: string[]
  /** Shown on the stand-in's authorize page. */
  description: string
  /** False for a Discord user who is not in the unit's guild (an allied unit's player); absent: in it. */
  inGuild?: boolean
}

const r = DEMO_ROLES
export const DEMO_USERS: DemoUser[] = [
  {
    id: '800000000000000001',
    username: 'demo_admin',
    global_name: 'Cpt. Miller',
    avatar: null,
    roles: [r.admin.id, r.member.id, r.leader.id, r.rifleman.id, r.rankOFC.id, r.milsim.id],
    description: 'Admin (Command Staff), squad leader',
  },
  {
    id: '800000000000000002',
    username: 'reyes',
    global_name: 'Sgt. Reyes',
    avatar: null,
    roles: [r.member.id, r.rifleman.id, r.medic.id, r.rankNCO.id, r.milsim.id],
    description: 'Member: rifleman and combat medic',
  },
  {
    id: '800000000000000003',
    username: 'novak',
    global_name: 'Pvt. Novak',
    avatar: null,
    roles: [r.member.id, r.rifleman.id, r.rankJNCO.id, r.milsim.id],
    description: 'Member: rifleman',
  },
  {
    id: '800000000000000004',
    username: 'kowalski',
    global_name: 'Lt. Kowalski',
    avatar: null,
    roles: [r.member.id, r.pilot.id, r.rankJOFC.id, r.milsim.id],
    description: 'Member: pilot',
  },
  {
    id: '800000000000000005',
    username: 'recruit_lee',
    global_name: 'Rct. Lee',
    avatar: null,
    roles: [r.rankBMT.id],
    description: 'Recruit in basic training, no eligible roles',
  },
  {
    id: '800000000000000006',
    username: 'banned_blake',
    global_name: 'Blake',
    avatar: null,
    roles: [r.member.id, r.rifleman.id],
    description: 'Banned on the roster',
  },
]

/**
 * Members of the demo server who are not on the roster yet: what the roster admin's Import tab offers to bring in
 * (their rank and qualifications from their roles). Demo mode and the browser tests' server add them to the guild;
 * they can log in on the stand-in like anyone else.
 */
export const DEMO_NEWCOMERS: DemoUser[] = [
  {
    id: '800000000000000101',
    username: 'hart_ops',
    global_name: 'Hart',
    avatar: null,
    roles: [r.member.id, r.rankNCO.id, r.medic.id],
    description: 'On the server, not on the roster (NCO, medic): can apply on /join',
  },
  {
    id: '800000000000000102',
    username: 'ivanova',
    global_name: 'Ivanova',
    avatar: null,
    roles: [r.member.id, r.rankJNCO.id, r.rifleman.id],
    description: 'On the server, not on the roster (JNCO)',
  },
  {
    id: '800000000000000103',
    username: 'mbeki',
    global_name: 'Mbeki',
    avatar: null,
    roles: [r.member.id, r.rankJOFC.id, r.pilot.id],
    description: 'On the server, not on the roster (JOFC, pilot)',
  },
  {
    id: '800000000000000104',
    username: 'quinn.r',
    global_name: 'Quinn',
    avatar: null,
    roles: [r.member.id],
    description: 'On the server, not on the roster (no rank role)',
  },
  {
    id: '800000000000000105',
    username: 'dasilva',
    global_name: 'Da Silva',
    avatar: null,
    roles: [r.rankBMT.id],
    description: 'On the server, not on the roster (BMT)',
  },
]

/**
 * Players of an allied unit (db/seed/allies.ts): not in the unit's guild, guests of the 3rd Commando Brigade in the
 * demo. They log in with Discord like anyone and may take only the slots reserved for their unit.
 */
export const DEMO_ALLIES: DemoUser[] = [
  {
    id: '800000000000000201',
    username: 'vance_3cb',
    global_name: 'Vance',
    avatar: null,
    roles: [],
    description: 'A guest of the allied 3rd Commando Brigade [3CB], in a reserved slot',
    inGuild: false,
  },
  {
    id: '800000000000000202',
    username: 'okoro_3cb',
    global_name: 'Okoro',
    avatar: null,
    roles: [],
    description: 'A guest of the allied 3rd Commando Brigade [3CB], no slot yet',
    inGuild: false,
  },
]

export const DEMO_ADMIN_ROLE_IDS = [r.admin.id]
