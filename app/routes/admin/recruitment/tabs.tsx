import { TabNav } from '#app/ui/tabs.tsx'

/** Recruitment's two pages: the pipeline and the application form. */
export function RecruitmentTabs() {
  return (
    <TabNav
      label="Recruitment"
      tabs={[
        { to: '/admin/recruitment', label: 'Pipeline', end: true },
        { to: '/admin/recruitment/form', label: 'Application Form' },
      ]}
    />
  )
}
