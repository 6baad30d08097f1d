import { Link } from 'react-router'
import { Section } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'

// A guest's standing (docs/rules/joint-operations.md): which allied unit they joined by its invite link, and what that
// lets them do here.

export function GuestSection({ unit }: { unit: { name: string; tag: string } }) {
  const t = useT('account.guest')
  return (
    <Section title={t('title', { name: unit.name, tag: unit.tag })}>
      <p className="text-sm text-zinc-300" data-testid="guest-standing">
        {t('standing', { name: unit.name, tag: unit.tag })}
      </p>
      <p className="text-sm">
        <Link to="/orbat" className="text-brand-400 underline">
          {t('openOrbat')}
        </Link>
      </p>
    </Section>
  )
}
