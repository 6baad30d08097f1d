import { useEffect, useMemo, useRef } from 'react'
import { PeopleCount } from '#app/components/orbat/badges.tsx'
import { squadsInDiagramOrder } from '#app/components/orbat/rows.ts'
import type { EditorContextValue } from './editor-context.tsx'
import { paxCounts, squadsOf, teamsOf, type EditorNode } from './model.ts'
import { SquadEditView } from './squad-edit.tsx'
import { shiftClearOfToasts, TOAST_SETTLE_MS } from './toast-clearance.ts'
import { EditorTitle, ViewChoice, type EditorView } from './toolbar.tsx'

// The editor as a list (docs/rules/orbat.md, the editor; the default below `md`, where the diagram is too small to
// touch): every squad in the diagram's reading order with its edit view open: name, teams, slots, role locks and who
// is assigned. It changes the same state through the same actions and saves through the same Save ORBAT; only the
// layout (moving squads, connections, waypoints and pax counters) needs the diagram.

/** What the list says about the layout, word for word in docs/rules/orbat.md. */
export const LIST_NOTE =
  'The list edits names, teams, slots, role locks and assignments. Moving squads and connecting them needs the diagram, on a screen at least 768 px wide.'

export function ListEditor({
  nodes,
  editor,
  dirty,
  notice,
  onView,
}: {
  nodes: EditorNode[]
  editor: EditorContextValue
  dirty: boolean
  /** The last action's notice: a new one may bring a toast over the field being edited. */
  notice: unknown
  onView: (view: EditorView) => void
}) {
  const squads = useMemo(() => squadsInDiagramOrder(squadsOf(nodes)), [nodes])
  const scroller = useRef<HTMLDivElement>(null)

  // A squad added here (Actions > Add Squad) is scrolled to, its name field focused.
  const known = useRef(new Set(squads.map((s) => s.id)))
  useEffect(() => {
    const added = squads.filter((s) => !known.current.has(s.id))
    known.current = new Set(squads.map((s) => s.id))
    if (added.length !== 1) return
    const list = scroller.current
    const card = list?.querySelector<HTMLElement>(`[data-squad-id="${added[0]!.id}"]`)
    if (!list || !card) return
    // NOTE: not scrollIntoView: it would scroll the page's main element too, which hides its overflow.
    list.scrollTop += card.getBoundingClientRect().top - list.getBoundingClientRect().top - LIST_PADDING
    card.querySelector<HTMLInputElement>('input[aria-label="Squad name"]')?.focus({ preventScroll: true })
  }, [squads])

  // A toast never covers the squad being edited: when one lands on its top (or, on a long squad scrolled past its
  // top, on the focused field), the list scrolls it clear.
  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => keepEditedSquadClearOfToasts(scroller.current), TOAST_SETTLE_MS)
    return () => clearTimeout(timer)
  }, [notice])

  return (
    <div ref={scroller} className="orbat-list-editor min-h-0 flex-1 overflow-y-auto" data-testid="orbat-list-editor">
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-3 pt-3 pb-6">
        <div className="flex flex-wrap items-center gap-2">
          <EditorTitle dirty={dirty} />
          <ViewChoice view="list" onChoose={onView} />
        </div>
        <p className="rounded-md border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm text-zinc-300">{LIST_NOTE}</p>
        {squads.length === 0 ? (
          <p className="py-6 text-center text-zinc-400">No squads yet: Actions &gt; Add Squad adds one.</p>
        ) : null}
        {squads.map((squad) => {
          const headingId = `list-squad-${squad.id}-name`
          return (
            <article
              key={squad.id}
              aria-labelledby={headingId}
              data-testid="editor-squad"
              data-squad-id={squad.id}
              className="scroll-mt-3 overflow-hidden rounded-lg border border-zinc-700 bg-zinc-900"
            >
              <header className="flex items-center gap-2 border-b border-zinc-700 bg-zinc-800/60 px-3 py-2">
                <h2 id={headingId} className="min-w-0 flex-1 truncate text-base font-semibold text-zinc-50">
                  {squad.name}
                </h2>
                <PeopleCount people={paxCounts(editor.slots, new Set([squad.id])).people} />
              </header>
              <SquadEditView editor={editor} squad={squad} teams={teamsOf(editor.slots, squad.id)} inList />
            </article>
          )
        })}
      </div>
    </div>
  )
}

/** Room above a squad scrolled to (the list's own padding). */
const LIST_PADDING = 12

function keepEditedSquadClearOfToasts(scroller: HTMLElement | null) {
  const focused = document.activeElement
  if (!scroller || !(focused instanceof HTMLElement) || !scroller.contains(focused)) return
  const card = focused.closest('article')?.getBoundingClientRect()
  const box = card && card.top >= scroller.getBoundingClientRect().top ? card : focused.getBoundingClientRect()
  const shift = shiftClearOfToasts(box)
  if (shift > 0) scroller.scrollTop -= shift
}
