// The Allied units page's posts (app/routes/admin/allied-units/route.tsx).

export const ALLY_INTENTS = {
  save: 'save-allied-unit',
  remove: 'delete-allied-unit',
  rotate: 'rotate-ally-invite',
  removeGuest: 'remove-ally-guest',
} as const
