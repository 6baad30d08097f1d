import { useId } from 'react'
import { Link } from 'react-router'
import { AWARD_INTENTS, revokeAwardQuestion } from '#contracts/awards.ts'
import type { AdminMember } from '#contracts/roster-types.ts'
import { RibbonRack } from '#app/components/roster/ribbon-rack.tsx'
import { formatDateOnly } from '#app/components/roster/ui.tsx'
import { useStateHref } from '#app/hooks/url-state.ts'
import { secondaryButton, smallDangerButton } from '#app/ui/button.ts'
import { ConfirmButtonForm } from '#app/ui/confirm.tsx'
import { confirmKeyOf } from '#app/ui/delete-button.tsx'

// The member sheet's awards (docs/rules/personnel.md, Awards): the ribbon rack, each grant with its day and citation
// and a Revoke (asks first), and Grant Award. Beside the member form, not in it: each Revoke is a form of its own.

export function MemberAwards({ member }: { member: AdminMember }) {
  const headingId = useId()
  const grantHref = useStateHref()({ dialog: 'grant-award', member: member.id })
  return (
    <section
      aria-labelledby={headingId}
      className="mb-5 flex flex-col gap-3 rounded-lg border border-zinc-800 bg-zinc-950/40 p-3"
      data-testid="member-sheet-awards"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-zinc-200">
          Awards
        </h3>
        <Link to={grantHref} preventScrollReset className={secondaryButton}>
          Grant Award
        </Link>
      </div>
      {member.awards.length ? (
        <RibbonRack awards={member.awards} size="full" label={`Awards of ${member.ingame_name}`} />
      ) : (
        <p className="text-sm text-zinc-500">No awards yet.</p>
      )}
      {member.award_grants.length ? (
        <ul className="divide-y divide-zinc-800 rounded-md border border-zinc-800" aria-label="Award grants">
          {member.award_grants.map((grant) => (
            <li key={grant.id} className="flex items-start gap-3 px-3 py-2" data-testid="award-grant">
              <div className="min-w-0 flex-1">
                <p className="text-sm text-zinc-100">{grant.name}</p>
                <p className="text-xs text-zinc-500">{formatDateOnly(grant.date)}</p>
                {grant.citation ? <p className="mt-0.5 text-xs break-words text-zinc-400">{grant.citation}</p> : null}
              </div>
              <ConfirmButtonForm
                formKey={confirmKeyOf(AWARD_INTENTS.revoke, grant.id)}
                intent={AWARD_INTENTS.revoke}
                fields={{ id: grant.id, member_id: member.id }}
                confirm={revokeAwardQuestion(grant.name, member.ingame_name)}
                label="Revoke"
                className={smallDangerButton}
                aria-label={`Revoke ${grant.name} of ${formatDateOnly(grant.date)}`}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
