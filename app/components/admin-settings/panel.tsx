import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { PanelProvider, type PanelSurface } from '#app/hooks/use-form-post.tsx'
import { panelId, tabId, Tabs } from '#app/ui/tabs.tsx'
import { useToast } from '#app/ui/toaster.tsx'
import { GeneralTab } from './general-tab.tsx'
import { PlatoonsTab } from './platoons-tab.tsx'
import { PresetsTab } from './presets-tab.tsx'
import { RolesTab } from './roles-tab.tsx'
import { PanelStateProvider, type PanelState, type SettingsState } from './state.tsx'
import {
  SETTINGS_TABS,
  tabPath,
  type GeneralData,
  type PlatoonsData,
  type PresetsData,
  type RolesData,
  type SettingsTab,
  type TabData,
} from './types.ts'

// Admin Settings in two places: as pages under /admin/settings (plain forms, post-redirect-get with a flash toast, work
// without JavaScript), and inside the side sheet the ORBAT editor opens with openSheet('Admin Settings',
// <AdminSettingsPanel onLoadPreset={...} />). In the panel each tab loads from its page's loader through a fetcher and
// its forms post to the page's action as a panel (useFormPost), which answers data instead of a redirect, so the editor
// underneath never navigates.

type LoadPreset = (presetId: number) => void | Promise<void>

function TabContent({ tab, data }: { tab: SettingsTab; data: TabData }) {
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

export function AdminSettingsPanel({ onLoadPreset }: { onLoadPreset?: LoadPreset }) {
  const [tab, setTab] = useState<SettingsTab>('general')
  return (
    <div className="flex flex-col gap-4" data-testid="admin-settings-panel">
      <Tabs label="Admin Settings" idBase="settings" tabs={SETTINGS_TABS} active={tab} onSelect={setTab} />
      <div role="tabpanel" id={panelId('settings', tab)} aria-labelledby={tabId('settings', tab)}>
        <PanelTab key={tab} tab={tab} onLoadPreset={onLoadPreset} />
      </div>
    </div>
  )
}

function PanelTab({ tab, onLoadPreset }: { tab: SettingsTab; onLoadPreset?: LoadPreset }) {
  const loader = useFetcher<TabData>()
  const toast = useToast()
  const [state, setState] = useState<SettingsState>({})
  // Bumped after each successful post: the tab's forms start over (cleared, Add mode).
  const [generation, setGeneration] = useState(0)
  const { load } = loader

  // A load a newer one supersedes (a save, then another at once) is aborted, and React Router rejects its promise with
  // an AbortError: the newer load shows the data, so there is nothing to report.
  const reload = useCallback(() => {
    load(tabPath(tab)).catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) throw error
    })
  }, [load, tab])
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
    setState({})
    setGeneration((n) => n + 1)
    reload()
  }, [reload])

  const surface = useMemo<PanelSurface>(() => ({ action: tabPath(tab), onSubmitted }), [tab, onSubmitted])
  const panelState = useMemo<PanelState>(
    () => ({ state, setState: (next) => setState(next ?? {}), onLoadPreset }),
    [state, onLoadPreset],
  )

  if (!loader.data) return <p className="text-sm text-zinc-400">Loading…</p>
  return (
    <PanelProvider value={surface}>
      <PanelStateProvider value={panelState}>
        <TabContent key={generation} tab={tab} data={loader.data} />
      </PanelStateProvider>
    </PanelProvider>
  )
}
