import { useMemo } from 'react'
import type { CopyFieldTexts } from '#app/ui/copy-field.tsx'
import type { DialogLabels } from '#app/ui/confirm.tsx'
import { useT } from '#app/ui/i18n.tsx'

// The kit's own words (app/ui: the copy field, the confirm dialog) as the account page passes them in, in the page's
// language; the kit shows English where a page passes none.

export function useCopyTexts(): CopyFieldTexts {
  const t = useT('account.copy')
  return useMemo(
    () => ({
      copy: t('copy'),
      copyNamed: (label: string) => t('copyNamed', { label }),
      copied: t('copied'),
      failed: t('failed'),
    }),
    [t],
  )
}

/** The confirm dialog's buttons and the confirm step's Cancel (no JavaScript). */
export function useConfirmTexts(): DialogLabels & { cancel: string } {
  const t = useT('account.confirm')
  return useMemo(() => ({ confirm: t('confirm'), cancel: t('cancel') }), [t])
}
