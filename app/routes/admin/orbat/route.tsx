import { useCallback } from 'react'
import { Link, useRevalidator, useSearchParams } from 'react-router'
import type { Route } from './+types/route'
import { AdminSettingsPanel } from '#app/components/admin-settings/panel.tsx'
import diagramCss from '#app/components/orbat/diagram.css?url'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useSheet } from '#app/ui/sheet.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { listAlliedUnits } from '#server/allies/allies.ts'
import { listAssignableMembers } from '#server/orbat/assignable.ts'
import { loadOrbat } from '#server/orbat/orbat.ts'
import { listPlatoons } from '#server/orbat/platoons.ts'
import { listEligibleRoles } from '#server/orbat/waitlist/eligible-roles.ts'
import { OrbatEditor } from './canvas.tsx'
import type { LoadPreset } from './use-editor-persistence.ts'
import { parseIdText } from '#contracts/fields.ts'

// The admin ORBAT editor: a diagram editor that needs JavaScript. The server renders the page frame and, for browsers
// without scripts, a pointer to the settings pages that work without it. The editor itself mounts after hydration
// (React Flow measures its nodes in the DOM); its parts sit beside this file.

const SETTINGS_LINKS = [
  { to: '/admin/settings/general', label: 'General (signup time lock)' },
  { to: '/admin/settings/roles', label: 'Eligible Roles' },
  { to: '/admin/settings/presets', label: 'ORBAT Presets' },
  { to: '/admin/settings/platoons', label: 'Platoons' },
  { to: '/admin/orbat/mission', label: 'Mission File (import and export)' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  const { db, config } = getServices(context)
  const [orbat, roles, platoons, members, allies] = await Promise.all([
    loadOrbat(db),
    listEligibleRoles(db),
    listPlatoons(db),
    listAssignableMembers(db),
    listAlliedUnits(db, config),
  ])
  return {
    orbat,
    members,
    roles: roles.map((r) => ({ id: r.id, role_name: r.role_name })),
    platoons: platoons.map((p) => ({ id: p.id, name: p.name })),
    // What a reservation names; their invite links stay on the allied units' page.
    allies: allies.map((a) => ({ id: a.id, name: a.name, tag: a.tag })),
  }
}

export default function AdminOrbatPage({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated()
  const [searchParams, setSearchParams] = useSearchParams()
  const revalidator = useRevalidator()
  const { openSheet, closeSheet } = useSheet()

  const presetId = parseIdText(searchParams.get('preset'))
  const dropPresetParam = useCallback(() => {
    setSearchParams(
      (params) => {
        params.delete('preset')
        return params
      },
      { replace: true, preventScrollReset: true },
    )
  }, [setSearchParams])

  const openSettings = useCallback(
    (loadPreset: LoadPreset) => {
      const loadAndShow = async (presetId: number) => {
        await loadPreset(presetId)
        closeSheet()
      }
      openSheet('Admin Settings', <AdminSettingsPanel onLoadPreset={loadAndShow} />)
    },
    [openSheet, closeSheet],
  )

  return (
    // NOTE: full-bleed under the top bar (h-14 plus its 1 px bottom border), like /orbat.
    <main className="relative h-[calc(100dvh-3.5rem-1px)] overflow-hidden bg-zinc-950" data-testid="admin-orbat-page">
      {hydrated ? (
        <OrbatEditor
          initial={loaderData.orbat}
          roles={loaderData.roles}
          platoons={loaderData.platoons}
          allies={loaderData.allies}
          members={loaderData.members}
          presetId={presetId}
          onPresetConsumed={dropPresetParam}
          onManage={openSettings}
          onSaved={() => void revalidator.revalidate()}
        />
      ) : (
        <>
          <p className="grid h-full place-items-center text-sm text-zinc-400 noscript:hidden">
            Loading the ORBAT editor…
          </p>
          {/* Shown only when scripting is off (CSS `scripting: none`); replaced by the editor once it hydrates. */}
          <NeedsJavaScript />
        </>
      )}
    </main>
  )
}

function NeedsJavaScript() {
  return (
    <div
      className="absolute inset-0 hidden place-items-center overflow-y-auto px-4 py-10 noscript:grid"
      data-testid="needs-javascript"
    >
      <section className="w-full max-w-lg rounded-xl border border-zinc-800 bg-zinc-900/80 p-6 shadow-xl shadow-black/40">
        <h1 className="text-xl font-bold">ORBAT Editor</h1>
        <p className="mt-3 text-zinc-300">
          The ORBAT diagram editor needs JavaScript. Turn it on to lay out squads, teams and slots.
        </p>
        <p className="mt-3 text-sm text-zinc-400">These admin settings work without it:</p>
        <ul className="mt-2 space-y-1.5">
          {SETTINGS_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="text-brand-400 underline-offset-4 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-5 text-sm">
          <Link to="/admin" className="text-zinc-300 underline-offset-4 hover:underline">
            Back to Admin Hub
          </Link>
        </p>
      </section>
    </div>
  )
}

export function links() {
  return [{ rel: 'stylesheet', href: diagramCss }]
}

export function meta() {
  return [{ title: 'ORBAT Editor · Task Force HQ' }]
}
