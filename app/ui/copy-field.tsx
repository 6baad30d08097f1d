import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { inputClass } from './field.tsx'
import { buttonClass } from './button.ts'
import { useToast } from './toaster.tsx'

// A secret or a URL to copy: a read-only field (select and copy by hand without JavaScript) and, once scripts run,
// a Copy button.

/** What the field says, for a page in another language than English. */
export interface CopyFieldTexts {
  copy: string
  /** The button's accessible name: "Copy {label}". */
  copyNamed: (label: string) => string
  copied: string
  failed: string
}

const ENGLISH: CopyFieldTexts = {
  copy: 'Copy',
  copyNamed: (label) => `Copy ${label}`,
  copied: 'Copied.',
  failed: 'Could not copy: select the text and copy it by hand.',
}

export function CopyField({
  id,
  label,
  value,
  texts = ENGLISH,
}: {
  id: string
  label: string
  value: string
  texts?: CopyFieldTexts
}) {
  const hydrated = useHydrated()
  const toast = useToast()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      toast.success(texts.copied)
    } catch {
      toast.error(texts.failed)
    }
  }
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm text-zinc-300">
        {label}
      </label>
      <div className="flex min-w-0 gap-2">
        <input
          id={id}
          readOnly
          value={value}
          className={`${inputClass} font-mono text-xs`}
          onFocus={(e) => e.currentTarget.select()}
        />
        {hydrated ? (
          <button
            type="button"
            className={buttonClass('secondary', 'md')}
            onClick={copy}
            aria-label={texts.copyNamed(label)}
          >
            {texts.copy}
          </button>
        ) : null}
      </div>
    </div>
  )
}
