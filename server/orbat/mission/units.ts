// The English names Arma 3 shows for the vanilla infantry classes, for playable units that have no role description
// (the game's own config is not at hand). Keyed by the class name after its side prefix (B_, O_, I_, C_, and the G_
// of guerrillas), lower case; an unknown class falls back to its name made readable.
const DISPLAY_NAMES: Record<string, string> = {
  soldier_f: 'Rifleman',
  soldier_lite_f: 'Rifleman (Light)',
  soldier_sl_f: 'Squad Leader',
  soldier_tl_f: 'Team Leader',
  soldier_ar_f: 'Autorifleman',
  soldier_aar_f: 'Asst. Autorifleman',
  soldier_gl_f: 'Grenadier',
  soldier_lat_f: 'Rifleman (AT)',
  soldier_lat2_f: 'Rifleman (AT)',
  soldier_at_f: 'Missile Specialist (AT)',
  soldier_aat_f: 'Asst. Missile Specialist (AT)',
  soldier_aa_f: 'Missile Specialist (AA)',
  soldier_aaa_f: 'Asst. Missile Specialist (AA)',
  soldier_m_f: 'Marksman',
  soldier_a_f: 'Ammo Bearer',
  soldier_exp_f: 'Explosive Specialist',
  soldier_repair_f: 'Repair Specialist',
  soldier_uav_f: 'UAV Operator',
  soldier_unarmed_f: 'Rifleman (Unarmed)',
  medic_f: 'Combat Life Saver',
  engineer_f: 'Engineer',
  officer_f: 'Officer',
  crew_f: 'Crewman',
  helipilot_f: 'Helicopter Pilot',
  helicrew_f: 'Helicopter Crew',
  pilot_f: 'Pilot',
  sniper_f: 'Sniper',
  spotter_f: 'Spotter',
  radiooperator_f: 'Radio Operator',
  recon_f: 'Recon Scout',
  recon_tl_f: 'Recon Team Leader',
  recon_m_f: 'Recon Marksman',
  recon_medic_f: 'Recon Paramedic',
  recon_lat_f: 'Recon Scout (AT)',
  recon_exp_f: 'Recon Demo Specialist',
  recon_jtac_f: 'Recon JTAC',
  survivor_f: 'Survivor',
  virtualcurator_f: 'Game Master',
  virtualspectator_f: 'Spectator',
}

/** The name Arma shows for a unit class: the vanilla name, else the class name made readable. */
export function displayNameOf(unitClass: string): string {
  const key = unitClass.toLowerCase().replace(/^[a-z]_(g_)?/, '')
  const known = DISPLAY_NAMES[key]
  if (known) return known
  const words = unitClass
    .replace(/^[A-Z]_(G_)?/, '')
    .replace(/_F$/i, '')
    .split('_')
    .filter(Boolean)
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ') || unitClass
}
