import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useFetcher, useLocation, useSearchParams } from 'react-router'
import { useToast } from '#app/ui/toaster.tsx'
import { GeneralTab } from './general-tab.tsx'
import { PlatoonsTab } from './platoons-tab.tsx'
import { PresetsTab } from './presets-tab.tsx'
import { RolesTab } from './roles-tab.tsx'
import { SurfaceProvider, type SettingsSurface } from './surface.tsx'
import { SETTINGS_TABS, tabPath, type ActionAnswer, type GeneralData, type PlatoonsData, type PresetsData, type RolesData, type SettingsTab } from './types.ts'
import { TabBar } from './ui.tsx'

// The Admin Settings side panel (spec 1 §2): the four tabs inside the app's side sheet, opened from the ORBAT editor
// with openSheet('Admin Settings', <AdminSettingsPanel onLoadPreset={...} />). Each tab loads from its page's loader
// through a fetcher and submits to its page's action with `_panel=1`, which answers data (a toast, or the form's
// errors) instead of a redirect, so the editor underneath never navigates.

type TabData = GeneralData | RolesData | PresetsData | PlatoonsData

export function TabContent({ tab, data }: { tab: SettingsTab; data: TabData }) {
  switch (tab) {
    case 'general':
      return <GeneralTab data={data as GeneralData} />
    case 'roles':
      return <RolesTab data={data as RolesData} />
    case 'presets':
      return <PresetsTab data={data as PresetsData} />
    case 'platoons':
      return <PlatoonsTab data={data as PlatoonsData} />
  }
}

export function AdminSettingsPanel({ onLoadPreset }: { onLoadPreset?: (presetId: number) => void | Promise<void> }) {
  const [tab, setTab] = useState<SettingsTab>('general')
  return (
    <div className="flex flex-col gap-4" data-testid="admin-settings-panel">
      <TabBar active={tab} onSelect={setTab} />
      <div role="tabpanel" aria-label={SETTINGS_TABS.find((t) => t.id === tab)?.label}>
        <PanelTab key={tab} tab={tab} onLoadPreset={onLoadPreset} />
      </div>
    </div>
  )
}

function PanelTab({ tab, onLoadPreset }: { tab: SettingsTab; onLoadPreset?: (presetId: number) => void | Promise<void> }) {
  const loader = useFetcher<TabData>()
  const toast = useToast()
  const [state, setStateMap] = useState<Record<string, string>>({})
  // Bumped after each successful submission: the tab's forms start over (cleared, Add mode).
  const [generation, setGeneration] = useState(0)
  const { load } = loader

  const reload = useCallback(() => void load(tabPath(tab)), [load, tab])
  useEffect(reload, [reload])

  const reported = useRef<unknown>(null)
  useEffect(() => {
    const failed = loader.data?.loadError
    if (failed && reported.current !== loader.data) {
      reported.current = loader.data
      toast.error(failed)
    }
  }, [loader.data, toast])

  const onSubmitted = useCallback(() => {
    setStateMap({})
    setGeneration((n) => n + 1)
    reload()
  }, [reload])

  const surface = useMemo<SettingsSurface>(
    () => ({
      kind: 'panel',
      tab,
      state,
      setState: (name, value) =>
        setStateMap((current) => {
          const next = { ...current }
          if (value === null) delete next[name]
          else next[name] = value
          return next
        }),
      hrefWith: () => tabPath(tab),
      onSubmitted,
      onLoadPreset,
    }),
    [tab, state, onSubmitted, onLoadPreset],
  )

  if (!loader.data) return <p className="text-sm text-zinc-400">Loading…</p>
  return (
    <SurfaceProvider value={surface}>
      <TabContent key={generation} tab={tab} data={loader.data} />
    </SurfaceProvider>
  )
}

/**
 * A settings tab as a page (/admin/settings/<tab>): UI state in the URL, the action's answer from the route, and
 * forms re-mounted on every navigation (after the redirect of a successful post they start over).
 */
export function SettingsPage({ tab, data, actionData }: { tab: SettingsTab; data: TabData; actionData: ActionAnswer | undefined }) {
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const surface = useMemo<SettingsSurface>(() => {
    const state = Object.fromEntries(searchParams.entries())
    const hrefWith = (name: string, value: string | null) => {
      const next = new URLSearchParams()
      // One piece of UI state at a time: editing, renaming or confirming.
      if (value !== null) next.set(name, value)
      const query = next.toString()
      return query ? `${tabPath(tab)}?${query}` : tabPath(tab)
    }
    return { kind: 'page', tab, actionData, state, hrefWith, setState: () => {} }
  }, [searchParams, tab, actionData])
  return (
    <SurfaceProvider value={surface}>
      <TabContent key={location.key} tab={tab} data={data} />
    </SurfaceProvider>
  )
}
