import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { DownIcon } from './fields.tsx'

// The editor's Actions menu: a menu button with a w-56 list of items, reachable by keyboard (Enter, Space or ArrowDown
// opens it on the first item, arrows/Home/End move, Escape closes and returns to the button, Tab closes it).

export type MenuItem =
  | { kind: 'button'; label: string; onSelect: () => void; tone?: 'danger' }
  | { kind: 'link'; label: string; to: string }
  | { kind: 'separator' }

/** `placement`: the list opens below the button, or above it in a bar at the bottom of the screen. */
export function ActionsMenu({ items, placement = 'down' }: { items: MenuItem[]; placement?: 'down' | 'up' }) {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const focusIndex = useRef<number | 'last'>(0)
  const id = useId()

  const menuItems = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]

  useEffect(() => {
    if (!open) return
    const list = menuItems()
    const index = focusIndex.current === 'last' ? list.length - 1 : focusIndex.current
    list[index]?.focus()
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) buttonRef.current?.focus()
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = menuItems()
    const current = list.indexOf(document.activeElement as HTMLElement)
    const focus = (index: number) => list[(index + list.length) % list.length]?.focus()
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        focus(current + 1)
        break
      case 'ArrowUp':
        event.preventDefault()
        focus(current - 1)
        break
      case 'Home':
        event.preventDefault()
        focus(0)
        break
      case 'End':
        event.preventDefault()
        focus(list.length - 1)
        break
      case 'Escape':
        event.preventDefault()
        close(true)
        break
      case 'Tab':
        close(false)
        break
    }
  }

  const itemClass =
    'flex w-full items-center rounded-md px-3 py-2 text-left text-sm outline-none focus-visible:bg-zinc-800 hover:bg-zinc-800'

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => {
          focusIndex.current = 0
          setOpen((o) => !o)
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            focusIndex.current = event.key === 'ArrowUp' ? 'last' : 0
            setOpen(true)
          }
        }}
        className="pointer-events-auto flex h-9 items-center gap-1.5 rounded-lg border border-zinc-700 bg-zinc-900/90 px-3 text-sm font-medium text-zinc-100 shadow-lg shadow-black/40 backdrop-blur hover:border-zinc-500"
      >
        Actions
        <DownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={`${id}-menu`}
          role="menu"
          aria-label="Actions"
          onKeyDown={onMenuKeyDown}
          className={`pointer-events-auto absolute right-0 z-30 ${placement === 'up' ? 'bottom-full mb-2' : 'mt-2'} w-56 rounded-lg border border-zinc-700 bg-zinc-900 p-1 text-zinc-100 shadow-xl shadow-black/60`}
        >
          {items.map((item, index) =>
            item.kind === 'separator' ? (
              <div key={`sep-${index}`} role="separator" className="my-1 h-px bg-zinc-800" />
            ) : item.kind === 'link' ? (
              <Link
                key={item.label}
                to={item.to}
                role="menuitem"
                tabIndex={-1}
                className={itemClass}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </Link>
            ) : (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`${itemClass} ${item.tone === 'danger' ? 'text-red-300' : ''}`}
                onClick={() => {
                  close(true)
                  item.onSelect()
                }}
              >
                {item.label}
              </button>
            ),
          )}
        </div>
      ) : null}
    </div>
  )
}
