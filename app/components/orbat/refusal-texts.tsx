import type { Refusal } from '#contracts/orbat-rights.ts'
import { useT } from '#app/ui/i18n.tsx'

// A refusal the page shows before anyone presses (the ban, a reserved or role-locked slot, the waitlist's rules) in the
// page's language: the same refusal the server would answer, by its code (contracts/orbat-rights.ts), written from the
// catalogs' `orbatRefusals` (docs/rules/languages.md). The page sends those texts to signed-in people only (a visitor
// is offered the login, never a refusal), so only what renders for them reads them.

export function useRefusalTexts() {
  const t = useT('orbatRefusals')
  return {
    /** The whole reason, its detail (a lock, an allied unit) filled in. */
    reason: (refusal: Pick<Refusal, 'code' | 'detail'>) => t(refusal.code, { detail: refusal.detail ?? '' }),
    /** The short words on the disabled control: "Reserved". */
    label: (refusal: Pick<Refusal, 'label'>) => t(`labels.${refusal.label}`),
  }
}

/** A refusal's whole reason, as text. */
export function RefusalReason({ refusal }: { refusal: Pick<Refusal, 'code' | 'detail'> }) {
  return useRefusalTexts().reason(refusal)
}
