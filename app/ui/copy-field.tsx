import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { inputClass } from './field.tsx'
import { buttonClass } from './button.ts'
import { useToast } from './toaster.tsx'

// A secret or a URL to copy: a read-only field (select and copy by hand without JavaScript) and, once scripts run,
// a Copy button.

export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const hydrated = useHydrated()
  const toast = useToast()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      toast.success('Copied.')
    } catch {
      toast.error('Could not copy: select the text and copy it by hand.')
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
          <button type="button" className={buttonClass('secondary', 'md')} onClick={copy} aria-label={`Copy ${label}`}>
            Copy
          </button>
        ) : null}
      </div>
    </div>
  )
}
