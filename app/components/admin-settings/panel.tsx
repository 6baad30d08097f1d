import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { AbstractIntlMessages } from 'use-intl'
import { useFetcher } from 'react-router'
import { PanelProvider, type PanelSurface } from '#app/hooks/use-form-post.tsx'
import { panelId, tabId, Tabs } from '#app/ui/tabs.tsx'
import { useToast } from '#app/ui/toaster.tsx'
import { MoreMessages, useT } from '#app/ui/i18n.tsx'
// NOTE: only the tabs' English labels are used (a named JSON import is tree-shaken to the namespace): the panel's
// header before the first tab's texts arrive. They have no arguments, so they need no compiling.
import { adminSettings as englishSettings } from '#contracts/i18n/en.json'
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
// underneath never navigates. The tab's loader sends the texts in the page's language (`adminSettings`); the panel shows
// the tabs' English labels until the first arrive.

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

const ENGLISH_HEADER: AbstractIntlMessages = {
  adminSettings: { title: englishSettings.title, tabs: englishSettings.tabs, loading: englishSettings.loading },
}

export function AdminSettingsPanel({ onLoadPreset }: { onLoadPreset?: LoadPreset }) {
  const [messages, setMessages] = useState<AbstractIntlMessages>(ENGLISH_HEADER)
  return (
    <MoreMessages messages={messages}>
      <PanelTabs onLoadPreset={onLoadPreset} onMessages={setMessages} />
    </MoreMessages>
  )
}

function PanelTabs({
  onLoadPreset,
  onMessages,
}: {
  onLoadPreset?: LoadPreset
  onMessages: (messages: AbstractIntlMessages) => void
}) {
  const t = useT('adminSettings')
  const [tab, setTab] = useState<SettingsTab>('general')
  const tabs = SETTINGS_TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))
  return (
    <div className="flex flex-col gap-4" data-testid="admin-settings-panel">
      <Tabs label={t('title')} idBase="settings" tabs={tabs} active={tab} onSelect={setTab} />
      <div role="tabpanel" id={panelId('settings', tab)} aria-labelledby={tabId('settings', tab)}>
        <PanelTab key={tab} tab={tab} onLoadPreset={onLoadPreset} onMessages={onMessages} />
      </div>
    </div>
  )
}

function PanelTab({
  tab,
  onLoadPreset,
  onMessages,
}: {
  tab: SettingsTab
  onLoadPreset?: LoadPreset
  onMessages: (messages: AbstractIntlMessages) => void
}) {
  const t = useT('adminSettings')
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

  // The texts came with the tab's data: the whole panel reads them from now on.
  const messages = loader.data?.messages as AbstractIntlMessages | undefined
  useEffect(() => {
    if (messages) onMessages(messages)
  }, [messages, onMessages])

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

  if (!loader.data) return <p className="text-sm text-zinc-400">{t('loading')}</p>
  return (
    <PanelProvider value={surface}>
      <PanelStateProvider value={panelState}>
        <MoreMessages messages={messages}>
          <TabContent key={generation} tab={tab} data={loader.data} />
        </MoreMessages>
      </PanelStateProvider>
    </PanelProvider>
  )
}
