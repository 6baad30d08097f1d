import { Link } from 'react-router'
import { useOptionalUser } from '#app/root.tsx'
import { buttonClass } from '#app/ui/button.ts'

/** Where an admin changes this member: the member sheet of the roster admin, and its Grant Award dialog over it. */
export function adminMemberHref(memberId: number, grantAward = false): string {
  const query = new URLSearchParams({ edit: String(memberId) })
  if (grantAward) {
    query.set('dialog', 'grant-award')
    query.set('member', String(memberId))
  }
  return `/admin/roster/members?${query.toString()}`
}

/**
 * An admin's shortcuts wherever a member is shown (the roster's sheet, their profile, their service record): Grant
 * Award and Edit, both on the roster admin's member sheet. Nothing for anyone else; the server checks again.
 */
export function AdminMemberLinks({ memberId, name }: { memberId: number; name: string }) {
  const user = useOptionalUser()
  if (!user?.isAdmin) return null
  return (
    <nav aria-label={`Admin: ${name}`} className="flex flex-wrap gap-2" data-testid="admin-member-links">
      <Link to={adminMemberHref(memberId, true)} className={buttonClass('secondary', 'sm')}>
        Grant Award
      </Link>
      <Link to={adminMemberHref(memberId)} className={buttonClass('secondary', 'sm')}>
        Edit member
      </Link>
    </nav>
  )
}
