import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { COLOR_PALETTE, TEST_ERRORS, TEST_IMAGES, TEST_MESSAGES, type UploadedImage } from '#contracts/assessments.ts'
import {
  ALIGN_CHOICES,
  FONT_CHOICES,
  HEADING_CHOICES,
  SIZE_CHOICES,
  linkAddressOf,
  richTextExtensions,
} from './extensions.ts'
import './rich-text.css'

// The written-question editor on tiptap 3: undo/redo, text style (normal, headings 1-3), font (serif, monospace), size
// (small, large, huge), bold/italic/underline/strike, text and highlight colour from the 35-colour palette, alignment,
// lists, indent ±1, links (http, https, mailto, tel) and image upload (png, gif, jpeg, bmp, x-icon). Loaded lazily by
// the test editor only, so no other page carries tiptap (docs/decisions/018-tiptap-question-editor.md).

export interface RichTextEditorProps {
  /** The HTML to start from. */
  initialHTML: string
  /** Every change: the editor's HTML ('' when it holds nothing). */
  onChange: (html: string) => void
  onBlur?: () => void
  /** The id of the field's label. */
  labelledBy: string
  /** The id of the field's error message, while it shows one. */
  describedBy?: string
  invalid?: boolean
}

const UPLOAD_URL = '/api/admin/tests/images'
/** The least room a popover keeps to the viewport's edges. */
const EDGE_PX = 8

export default function RichTextEditor({
  initialHTML,
  onChange,
  onBlur,
  labelledBy,
  describedBy,
  invalid = false,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: initialHTML,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'rich-text px-3 py-2 text-sm text-zinc-100',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  })

  // The error state and message follow the form's validation.
  useEffect(() => {
    const dom = editor?.view.dom
    if (!dom) return
    dom.setAttribute('aria-invalid', String(invalid))
    if (describedBy) dom.setAttribute('aria-describedby', describedBy)
    else dom.removeAttribute('aria-describedby')
  }, [editor, invalid, describedBy])

  return (
    <div
      className={`rounded-md border bg-zinc-950 focus-within:border-brand-600 ${invalid ? 'border-red-500/70' : 'border-zinc-700'}`}
      data-rich-text
    >
      {editor ? <Toolbar editor={editor} /> : <div className="h-10 border-b border-zinc-800" aria-hidden />}
      <EditorContent editor={editor} />
    </div>
  )
}

// ---- toolbar ---------------------------------------------------------------------------------------------------------

function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const style = e.getAttributes('textStyle')
      return {
        bold: e.isActive('bold'),
        italic: e.isActive('italic'),
        underline: e.isActive('underline'),
        strike: e.isActive('strike'),
        heading:
          HEADING_CHOICES.find((c) => c.value !== '0' && e.isActive('heading', { level: Number(c.value) }))?.value ??
          '0',
        font: (style.fontFamily as string | undefined) ?? '',
        size: (style.fontSize as string | undefined) ?? '',
        color: (style.color as string | undefined) ?? '',
        background: (style.backgroundColor as string | undefined) ?? '',
        align: ALIGN_CHOICES.find((c) => c.value !== 'left' && e.isActive({ textAlign: c.value }))?.value ?? 'left',
        bulletList: e.isActive('bulletList'),
        orderedList: e.isActive('orderedList'),
        link: e.isActive('link'),
        href: (e.getAttributes('link').href as string | undefined) ?? '',
        canUndo: e.can().undo(),
        canRedo: e.can().redo(),
        canIndent: e.can().indent(),
        canOutdent: e.can().outdent(),
      }
    },
  })
}

function Toolbar({ editor }: { editor: Editor }) {
  const s = useToolbarState(editor)
  const run = () => editor.chain().focus()
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b border-zinc-800 p-1"
    >
      <ToolButton label="Undo" disabled={!s.canUndo} onClick={() => run().undo().run()}>
        <Glyph d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />
      </ToolButton>
      <ToolButton label="Redo" disabled={!s.canRedo} onClick={() => run().redo().run()}>
        <Glyph d="m15 14 5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />
      </ToolButton>
      <Divider />
      <ToolSelect
        label="Text style"
        value={s.heading}
        choices={HEADING_CHOICES}
        onChange={(value) =>
          value === '0'
            ? run().setParagraph().run()
            : run()
                .setHeading({ level: Number(value) as 1 | 2 | 3 })
                .run()
        }
      />
      <ToolSelect
        label="Font"
        value={s.font}
        choices={FONT_CHOICES}
        onChange={(value) => (value ? run().setFontFamily(value).run() : run().unsetFontFamily().run())}
      />
      <ToolSelect
        label="Size"
        value={s.size}
        choices={SIZE_CHOICES}
        onChange={(value) => (value ? run().setFontSize(value).run() : run().unsetFontSize().run())}
      />
      <Divider />
      <ToolButton label="Bold" pressed={s.bold} onClick={() => run().toggleBold().run()}>
        <span className="font-bold">B</span>
      </ToolButton>
      <ToolButton label="Italic" pressed={s.italic} onClick={() => run().toggleItalic().run()}>
        <span className="font-serif italic">I</span>
      </ToolButton>
      <ToolButton label="Underline" pressed={s.underline} onClick={() => run().toggleUnderline().run()}>
        <span className="underline">U</span>
      </ToolButton>
      <ToolButton label="Strikethrough" pressed={s.strike} onClick={() => run().toggleStrike().run()}>
        <span className="line-through">S</span>
      </ToolButton>
      <PalettePicker
        label="Text colour"
        current={s.color}
        clearLabel="Default colour"
        onPick={(color) => run().setColor(color).run()}
        onClear={() => run().unsetColor().run()}
        icon={
          <span className="flex flex-col items-center leading-none">
            <span className="text-sm font-semibold">A</span>
            <span className="mt-0.5 h-1 w-4 rounded-sm" style={{ background: s.color || 'currentColor' }} />
          </span>
        }
      />
      <PalettePicker
        label="Highlight colour"
        current={s.background}
        clearLabel="No highlight"
        onPick={(color) => run().setBackgroundColor(color).run()}
        onClear={() => run().unsetBackgroundColor().run()}
        icon={
          <span className="flex flex-col items-center leading-none">
            <Glyph d="m9 11-6 6v3h9l3-3M22 12l-4.6 4.6a2 2 0 0 1-2.8 0l-5.2-5.2a2 2 0 0 1 0-2.8L14 4" small />
            <span
              className="mt-0.5 h-1 w-4 rounded-sm border border-zinc-600"
              style={{ background: s.background || 'transparent' }}
            />
          </span>
        }
      />
      <Divider />
      {ALIGN_CHOICES.map((choice) => (
        <ToolButton
          key={choice.value}
          label={`Align ${choice.value}`}
          pressed={s.align === choice.value}
          onClick={() =>
            choice.value === 'left' ? run().unsetTextAlign().run() : run().setTextAlign(choice.value).run()
          }
        >
          <Glyph d={ALIGN_GLYPHS[choice.value]} />
        </ToolButton>
      ))}
      <Divider />
      <ToolButton label="Bulleted list" pressed={s.bulletList} onClick={() => run().toggleBulletList().run()}>
        <Glyph d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
      </ToolButton>
      <ToolButton label="Numbered list" pressed={s.orderedList} onClick={() => run().toggleOrderedList().run()}>
        <Glyph d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1V9M3.5 14.5a1.5 1.5 0 1 1 2.4 1.2L3.5 19h3" />
      </ToolButton>
      <ToolButton label="Decrease indent" disabled={!s.canOutdent} onClick={() => run().outdent().run()}>
        <Glyph d="M11 6h9M11 12h9M11 18h9M7 9l-3 3 3 3" />
      </ToolButton>
      <ToolButton label="Increase indent" disabled={!s.canIndent} onClick={() => run().indent().run()}>
        <Glyph d="M11 6h9M11 12h9M11 18h9M4 9l3 3-3 3" />
      </ToolButton>
      <Divider />
      <LinkPicker editor={editor} active={s.link} href={s.href} />
      <ImageUpload editor={editor} />
      <ToolButton label="Clear formatting" onClick={() => run().unsetAllMarks().unsetTextAlign().run()}>
        <Glyph d="M4 7V5h12v2M10 5l-3 14M14 14l6 6M20 14l-6 6" />
      </ToolButton>
    </div>
  )
}

const ALIGN_GLYPHS: Record<(typeof ALIGN_CHOICES)[number]['value'], string> = {
  left: 'M4 6h16M4 10h10M4 14h16M4 18h10',
  center: 'M4 6h16M7 10h10M4 14h16M7 18h10',
  right: 'M4 6h16M10 10h10M4 14h16M10 18h10',
  justify: 'M4 6h16M4 10h16M4 14h16M4 18h16',
}

const toolClass =
  'inline-flex h-8 min-w-8 items-center justify-center rounded px-1.5 text-sm text-zinc-300 transition hover:bg-zinc-800 hover:text-white disabled:pointer-events-none disabled:opacity-40 aria-pressed:bg-zinc-700 aria-pressed:text-white aria-expanded:bg-zinc-700'

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string
  pressed?: boolean
  disabled?: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className={toolClass}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  )
}

function ToolSelect({
  label,
  value,
  choices,
  onChange,
}: {
  label: string
  value: string
  choices: ReadonlyArray<{ value: string; label: string }>
  onChange: (value: string) => void
}) {
  return (
    <select
      aria-label={label}
      title={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="h-8 rounded border border-transparent bg-transparent pr-6 pl-1.5 text-sm text-zinc-200 hover:bg-zinc-800 focus:border-brand-600"
    >
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value} className="bg-zinc-900">
          {choice.label}
        </option>
      ))}
    </select>
  )
}

function Divider() {
  return <span className="mx-0.5 h-5 w-px bg-zinc-800" aria-hidden />
}

function Glyph({ d, small = false }: { d: string; small?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={small ? 'size-3.5' : 'size-4'}
      aria-hidden
    >
      <path d={d} />
    </svg>
  )
}

// ---- popovers (colours, link) -----------------------------------------------------------------------------------------

/**
 * A toolbar button with a small panel under it, kept inside the viewport (phones); a pick, Escape or a click outside
 * closes it.
 */
function Popover({
  label,
  pressed,
  icon,
  children,
}: {
  label: string
  pressed?: boolean
  icon: ReactNode
  children: (close: () => void) => ReactNode
}) {
  const [open, setOpen] = useState(false)
  const [left, setLeft] = useState(0)
  const box = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const panelId = useId()
  // After a pick the command puts focus back in the text (tiptap focuses on the next frame); only Escape, which picked
  // nothing, returns it to the button.
  const close = () => setOpen(false)
  useLayoutEffect(() => {
    if (!open || !box.current || !panel.current) return
    const origin = box.current.getBoundingClientRect().left
    const width = panel.current.offsetWidth
    const room = document.documentElement.clientWidth - EDGE_PX
    setLeft(Math.max(EDGE_PX - origin, Math.min(0, room - width - origin)))
  }, [open])
  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    box.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    // NOTE: the editor sits in a modal dialog; an Escape that closes this panel must not close the dialog too.
    event.preventDefault()
    event.stopPropagation()
    close()
    button.current?.focus()
  }
  return (
    <div ref={box} className="relative" onKeyDown={open ? onKeyDown : undefined}>
      <button
        ref={button}
        type="button"
        className={toolClass}
        aria-label={label}
        title={label}
        aria-pressed={pressed}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        {icon}
      </button>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-label={label}
          style={{ left }}
          className="absolute top-full z-20 mt-1 rounded-lg border border-zinc-700 bg-zinc-900 p-2 shadow-xl shadow-black/60"
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  )
}

function PalettePicker({
  label,
  current,
  clearLabel,
  onPick,
  onClear,
  icon,
}: {
  label: string
  current: string
  clearLabel: string
  onPick: (color: string) => void
  onClear: () => void
  icon: ReactNode
}) {
  return (
    <Popover label={label} icon={icon}>
      {(close) => (
        <div className="flex w-max flex-col gap-2">
          <div className="grid grid-cols-7 gap-1">
            {COLOR_PALETTE.map((color, i) => (
              <button
                key={color}
                type="button"
                data-autofocus={i === 0 ? true : undefined}
                aria-label={color}
                title={color}
                aria-pressed={sameColor(current, color)}
                onClick={() => {
                  onPick(color)
                  close()
                }}
                className="size-6 rounded border border-zinc-600 hover:scale-110 aria-pressed:ring-2 aria-pressed:ring-brand-400"
                style={{ background: color }}
              />
            ))}
          </div>
          <button
            type="button"
            onClick={() => {
              onClear()
              close()
            }}
            className="h-7 rounded border border-zinc-700 px-2 text-xs text-zinc-300 hover:border-zinc-500 hover:text-white"
          >
            {clearLabel}
          </button>
        </div>
      )}
    </Popover>
  )
}

/** The palette's hex against the editor's value, which the browser may have written as rgb(). */
function sameColor(value: string, hex: string): boolean {
  if (!value) return false
  if (value.toLowerCase() === hex) return true
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(value)
  if (!rgb) return false
  return (
    `#${rgb
      .slice(1, 4)
      .map((n) => Number(n).toString(16).padStart(2, '0'))
      .join('')}` === hex
  )
}

const LINK_REFUSED = 'Only http, https, mailto and tel links are allowed.'

function LinkPicker({ editor, active, href }: { editor: Editor; active: boolean; href: string }) {
  return (
    <Popover
      label="Link"
      pressed={active}
      icon={
        <Glyph d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      }
    >
      {(close) => <LinkForm editor={editor} active={active} href={href} close={close} />}
    </Popover>
  )
}

function LinkForm({
  editor,
  active,
  href,
  close,
}: {
  editor: Editor
  active: boolean
  href: string
  close: () => void
}) {
  const [address, setAddress] = useState(href)
  const [refused, setRefused] = useState(false)
  const inputId = useId()
  const apply = () => {
    const url = linkAddressOf(address)
    if (!url) {
      // Only http, https, mailto and tel addresses are kept; others become blank (docs/rules/assessments.md).
      setAddress('')
      setRefused(Boolean(address.trim()))
      return
    }
    const chain = editor.chain().focus()
    if (editor.state.selection.empty && !active)
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run()
    else chain.extendMarkRange('link').setLink({ href: url }).run()
    close()
  }
  // Not a <form>: this panel sits inside the test editor's form, and forms do not nest.
  return (
    <div className="flex w-64 max-w-[calc(100vw-3rem)] flex-col gap-2">
      <label htmlFor={inputId} className="text-xs text-zinc-400">
        Link address
      </label>
      <input
        id={inputId}
        data-autofocus
        type="text"
        inputMode="url"
        value={address}
        placeholder="https://…"
        aria-invalid={refused || undefined}
        aria-describedby={refused ? `${inputId}-refused` : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setAddress(event.target.value)
          setRefused(false)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            // Enter applies the link instead of submitting the test editor's form.
            event.preventDefault()
            apply()
          }
        }}
        className="h-8 rounded border border-zinc-700 bg-zinc-950 px-2 text-sm text-zinc-100 focus:border-brand-600 aria-[invalid=true]:border-red-500/70"
      />
      {refused ? (
        <p id={`${inputId}-refused`} role="alert" className="text-xs text-red-400">
          {LINK_REFUSED}
        </p>
      ) : null}
      <div className="flex justify-end gap-1.5">
        {active ? (
          <button
            type="button"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run()
              close()
            }}
            className="h-7 rounded border border-zinc-700 px-2 text-xs text-zinc-300 hover:border-zinc-500 hover:text-white"
          >
            Remove Link
          </button>
        ) : null}
        <button
          type="button"
          onClick={apply}
          className="h-7 rounded bg-brand-600 px-2 text-xs font-semibold text-zinc-950 hover:bg-brand-500"
        >
          Apply
        </button>
      </div>
    </div>
  )
}

// ---- image upload -----------------------------------------------------------------------------------------------------

/** Uploads one image (POST /api/admin/tests/images, field `image`); the server checks its bytes and answers its URL. */
async function uploadImage(file: File): Promise<string> {
  // The size is checked here too: a body over the app's request limit would get a generic 413 instead of this text.
  if (file.size > TEST_IMAGES.maxBytes) throw new Error(TEST_ERRORS.imageTooLarge)
  const body = new FormData()
  body.append(TEST_IMAGES.field, file)
  const response = await fetch(UPLOAD_URL, { method: 'POST', body, headers: { Accept: 'application/json' } })
  const answer = (await response.json().catch(() => null)) as (Partial<UploadedImage> & { error?: string }) | null
  if (!response.ok || !answer?.url) throw new Error(answer?.error ?? TEST_MESSAGES.requestFailed)
  return answer.url
}

function ImageUpload({ editor }: { editor: Editor }) {
  const input = useRef<HTMLInputElement>(null)
  const [status, setStatus] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setStatus({ busy: true, error: null })
    try {
      const src = await uploadImage(file)
      editor.chain().focus().setImage({ src, alt: file.name }).run()
      setStatus({ busy: false, error: null })
    } catch (error) {
      setStatus({ busy: false, error: error instanceof Error ? error.message : TEST_MESSAGES.requestFailed })
    }
  }
  return (
    <>
      <ToolButton label="Insert image" disabled={status.busy} onClick={() => input.current?.click()}>
        <Glyph d="M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9h.01" />
      </ToolButton>
      <input
        ref={input}
        type="file"
        accept={TEST_IMAGES.accept}
        className="hidden"
        aria-label="Image file"
        tabIndex={-1}
        onChange={(event) => void onFile(event)}
      />
      {status.busy ? (
        <span role="status" className="px-1 text-xs text-zinc-400">
          Uploading image…
        </span>
      ) : null}
      {status.error ? (
        <span role="alert" className="basis-full px-1 text-xs text-red-400">
          {status.error}
        </span>
      ) : null}
    </>
  )
}
