import { useEffect, useState, type InputHTMLAttributes, type ReactNode } from 'react'

// Small controls of the editor's cards. Every one carries `nodrag` (React Flow does not start a node drag from it);
// React Flow already ignores Backspace/Delete while an input, select or textarea has focus.

type DraftInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'defaultValue'> & {
  value: string
  /** Called with the trimmed text on blur or Enter when it changed; return false to refuse it (the field reverts). */
  onCommit: (next: string) => boolean | void
}

/**
 * A text field edited as a draft: the change is committed on blur or Enter (one change, one toast), Escape reverts.
 */
export function DraftInput({ value, onCommit, className = '', onKeyDown, ...props }: DraftInputProps) {
  const [draft, setDraft] = useState(value)
  useEffect(() => setDraft(value), [value])
  const commit = () => {
    const next = draft.trim()
    if (next === value) {
      setDraft(value)
      return
    }
    if (onCommit(next) === false) setDraft(value)
  }
  return (
    <input
      {...props}
      type="text"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        onKeyDown?.(event)
        if (event.key === 'Enter') {
          event.preventDefault()
          commit()
        } else if (event.key === 'Escape') {
          setDraft(value)
          event.currentTarget.blur()
        }
      }}
      className={`nodrag ${inputClass} ${className}`}
    />
  )
}

export const inputClass =
  'h-8 min-w-0 rounded-md border border-zinc-700 bg-zinc-950 px-2 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-500 focus:outline-none'

export const selectClass =
  'nodrag h-8 min-w-0 rounded-md border border-zinc-700 bg-zinc-950 px-1.5 text-sm text-zinc-100 focus:border-brand-500 focus:outline-none'

const tones = {
  plain: 'border-zinc-700 text-zinc-200 hover:border-zinc-500 hover:text-white',
  danger: 'border-red-900/70 text-red-300 hover:border-red-500 hover:text-red-200',
  brand: 'border-brand-600/60 text-brand-400 hover:border-brand-400 hover:text-brand-400',
}

export function TextButton({
  children,
  onClick,
  tone = 'plain',
  className = '',
  label,
}: {
  children: ReactNode
  onClick: () => void
  tone?: keyof typeof tones
  className?: string
  label?: string
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`nodrag inline-flex h-7 items-center justify-center gap-1 rounded-md border bg-zinc-900 px-2 text-xs font-medium whitespace-nowrap ${tones[tone]} ${className}`}
    >
      {children}
    </button>
  )
}

/** A square icon button with an accessible name (the glyph is decoration). */
export function IconButton({
  label,
  onClick,
  disabled = false,
  tone = 'plain',
  children,
}: {
  label: string
  onClick: () => void
  disabled?: boolean
  tone?: 'plain' | 'danger'
  children: ReactNode
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className={`editor-icon-button nodrag inline-flex size-7 shrink-0 items-center justify-center rounded-md text-zinc-400 disabled:cursor-not-allowed disabled:opacity-30 ${
        tone === 'danger' ? 'hover:bg-red-950 hover:text-red-300' : 'hover:bg-zinc-800 hover:text-zinc-100'
      }`}
    >
      {children}
    </button>
  )
}

/** A 16-unit line glyph (decoration: the button around it carries the name). */
function Glyph({
  d,
  className = 'size-3.5',
  strokeWidth = 1.5,
}: {
  d: string
  className?: string
  strokeWidth?: number
}) {
  return (
    <svg
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden
    >
      <path d={d} />
    </svg>
  )
}

export const UpIcon = () => <Glyph d="M4 10l4-4 4 4" className="size-4" strokeWidth={1.75} />
export const DownIcon = ({ className = 'size-4' }: { className?: string }) => (
  <Glyph d="M4 6l4 4 4-4" className={className} strokeWidth={1.75} />
)
export const CrossIcon = () => <Glyph d="M4 4l8 8M12 4l-8 8" strokeWidth={1.75} />
export const TrashIcon = () => <Glyph d="M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4" />
export const PencilIcon = () => <Glyph d="M10.5 2.5l3 3L6 13H3v-3l7.5-7.5Z" />
