import { data, Link } from 'react-router'
import type { Route } from './+types/sync'
import {
  SYNC_INTENT,
  SYNC_MESSAGES,
  type PlannedChange,
  type ReconcilePlan,
  type ReconcileResult,
  type RoleRef,
} from '#contracts/discord-sync.ts'
import { askToConfirm, failWithToast, readAdminPost, unknownIntent } from '#app/forms/respond.ts'
import { useFormPost, type ActionAnswer } from '#app/hooks/use-form-post.tsx'
import { Badge } from '#app/ui/badge.tsx'
import { primaryButton } from '#app/ui/button.ts'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { EmptyState, LoadError, Notice } from '#app/ui/field.tsx'
import { Table, type Column } from '#app/ui/table.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { DISCORD_ACTION_BUDGET_MS } from '#server/discord/client.ts'
import { applyReconcile, planReconcile } from '#server/role-sync/reconcile.ts'
import { waitAtMost } from '#server/transaction.ts'
import { logLoadError } from '#server/load-error.ts'
import { countOf, plural } from '#contracts/plural.ts'

// Discord Role Sync (docs/rules/discord.md, the role sync): the dry run (who gains and loses which managed role) and
// Apply, which recomputes and applies it (server/role-sync/reconcile.ts); the same reconcile runs nightly. Apply answers
// data, not a redirect, so the page shows the result; without JavaScript it asks on the confirm step first. Neither
// waits on Discord for long: the dry run gives up after DISCORD_ACTION_BUDGET_MS, and an Apply still running then goes
// on in the background (one at a time; its audit entry tells the result).

const FORM = 'role-sync'

interface LoaderData {
  plan: ReconcilePlan | null
  loadError?: string
}

interface ApplyAnswer extends ActionAnswer {
  sync?: ReconcileResult
  message?: string
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<LoaderData> {
  await requirePageUser(request, context, 'admin')
  const services = getServices(context)
  try {
    return { plan: await planReconcile({ ...services, discord: services.discord.within(DISCORD_ACTION_BUDGET_MS) }) }
  } catch (error) {
    logLoadError('admin discord: role sync', error)
    return {
      plan: null,
      loadError:
        error instanceof Error && error.message.startsWith('Could not load from Discord')
          ? error.message
          : 'Failed to load the role sync.',
    }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  if (post.intent !== SYNC_INTENT) return unknownIntent(post)
  if (!post.confirmed) return askToConfirm(post, SYNC_INTENT)
  try {
    const result = await waitAtMost(
      applyReconcile(getServices(context), post.admin, 'Sync now'),
      DISCORD_ACTION_BUDGET_MS,
    )
    if (!result) return data<ApplyAnswer>({ ok: true, message: SYNC_MESSAGES.continuing })
    return data<ApplyAnswer>({ ok: result.failed === 0, sync: result, message: SYNC_MESSAGES.applied(result) })
  } catch (error) {
    return failWithToast(post, error, SYNC_MESSAGES.failed)
  }
}

function RoleList({ roles, tone }: { roles: RoleRef[]; tone: 'success' | 'danger' }) {
  if (!roles.length) return <span className="text-zinc-500">—</span>
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((r) => (
        <Badge key={r.id} tone={tone}>
          {tone === 'success' ? '+ ' : '− '}
          {r.name}
        </Badge>
      ))}
    </span>
  )
}

const COLUMNS: ReadonlyArray<Column<PlannedChange>> = [
  {
    header: 'Member',
    cell: (c) => c.name,
    rowHeader: true,
    cellClassName: 'font-medium text-zinc-100 whitespace-nowrap',
  },
  { header: 'Gains', cell: (c) => <RoleList roles={c.add} tone="success" /> },
  { header: 'Loses', cell: (c) => <RoleList roles={c.remove} tone="danger" /> },
]

export default function DiscordSyncRoute({ loaderData }: Route.ComponentProps) {
  const { plan, loadError } = loaderData
  const { answer, busy } = useFormPost<ApplyAnswer>(FORM)
  const calls = plan?.calls ?? 0
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to="/admin/discord" className="text-sm text-zinc-400 hover:text-zinc-100">
            ← Back to Discord
          </Link>
          <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Discord Role Sync</h1>
          <p className="mt-1 max-w-2xl text-sm text-zinc-400">
            Compares the roles the app manages (rank, qualification, squad, platoon and milsim roles) with what Discord
            has, and makes Discord match the roster. Also runs every night at 4 AM.
          </p>
        </div>
        {plan && calls > 0 ? (
          <ConfirmButtonForm
            formKey={FORM}
            intent={SYNC_INTENT}
            confirm={SYNC_MESSAGES.confirm(plan)}
            label="Apply"
            className={primaryButton}
          />
        ) : null}
      </div>

      <div className="mt-6 flex flex-col gap-4">
        <LoadError message={loadError} />
        {plan ? (
          <ConfirmStep
            confirmKey={SYNC_INTENT}
            intent={SYNC_INTENT}
            message={SYNC_MESSAGES.confirm(plan)}
            confirmLabel="Apply"
          />
        ) : null}
        {busy ? (
          <p role="status" className="text-sm text-zinc-300">
            Applying {countOf(calls, 'role change')}… Discord’s rate limits make a large unit take a minute.
          </p>
        ) : null}
        {answer?.message ? (
          <div aria-live="polite" data-testid="sync-result">
            <Notice tone={answer.sync?.failed ? 'error' : 'info'}>{answer.message}</Notice>
          </div>
        ) : null}
        {plan ? (
          <>
            <p className="text-sm text-zinc-400" data-testid="sync-summary">
              {countOf(plan.members, 'guild member')} checked · {plan.changes.length}{' '}
              {plural(plan.changes.length, 'needs', 'need')} changes · {countOf(calls, 'role change')}
            </p>
            {plan.changes.length ? (
              <Table label="Role changes" columns={COLUMNS} rows={plan.changes} rowKey={(c) => c.discordId} stacked />
            ) : (
              <EmptyState
                title={SYNC_MESSAGES.inSync}
                text={plan.managedRoles.length ? undefined : 'No roles are mapped yet.'}
              />
            )}
            {plan.managedRoles.length ? (
              <p className="text-xs text-zinc-500">Managed roles: {plan.managedRoles.map((r) => r.name).join(', ')}</p>
            ) : null}
          </>
        ) : null}
      </div>
    </main>
  )
}

export function meta() {
  return [{ title: 'Discord Role Sync · Admin · Task Force HQ' }]
}
