import { TabNav } from '#app/ui/tabs.tsx'
import { useT } from '#app/ui/i18n.tsx'

/** Recruitment's two pages: the pipeline and the application form (in the page's language). */
export function RecruitmentTabs() {
  const t = useT('adminRecruitment')
  return (
    <TabNav
      label={t('title')}
      tabs={[
        { to: '/admin/recruitment', label: t('tabs.pipeline'), end: true },
        { to: '/admin/recruitment/form', label: t('tabs.form') },
      ]}
    />
  )
}
