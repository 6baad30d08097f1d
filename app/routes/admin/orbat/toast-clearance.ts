import { toastBoxes } from '#app/ui/toaster.tsx'

// A toast never covers what the admin is editing (docs/rules/orbat.md, the editor): the diagram moves a card being
// edited clear of one (use-canvas-view.ts), the list scrolls the focused field clear (list-editor.tsx).

/** A toast's entry animation is 200 ms (app.css): measure where it ends. */
export const TOAST_SETTLE_MS = 250
/** Room kept between a toast and what it must not cover. */
export const TOAST_CLEARANCE = 8

type Rect = Pick<DOMRect, 'top' | 'right' | 'bottom' | 'left'>

/** How far `box` must move down to sit below the toasts on screen that cover it (0: none does). */
export function shiftClearOfToasts(box: Rect): number {
  let shift = 0
  for (const t of toastBoxes()) {
    if (t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom)
      shift = Math.max(shift, t.bottom + TOAST_CLEARANCE - box.top)
  }
  return shift
}

/** The lowest toast's bottom on screen, plus the clearance (0 when no toast shows). */
export function belowToasts(): number {
  return Math.max(0, ...toastBoxes().map((t) => t.bottom + TOAST_CLEARANCE))
}
