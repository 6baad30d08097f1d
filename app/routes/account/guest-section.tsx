import { Link } from 'react-router'
import { Section } from '#app/ui/field.tsx'

// A guest's standing (docs/rules/joint-operations.md): which allied unit they joined by its invite link, and what that
// lets them do here.

export function GuestSection({ unit }: { unit: { name: string; tag: string } }) {
  return (
    <Section title={`Guest of ${unit.name} [${unit.tag}]`}>
      <p className="text-sm text-zinc-300" data-testid="guest-standing">
        You joined through {unit.name}’s invite link: you are not on this unit’s roster. On the ORBAT you may take the
        slots reserved for {unit.name} (marked {unit.tag}); trainings, qualification tests and leave are for the unit’s
        own members.
      </p>
      <p className="text-sm">
        <Link to="/orbat" className="text-brand-400 underline">
          Open the ORBAT
        </Link>
      </p>
    </Section>
  )
}
