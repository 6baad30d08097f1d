import { useEffect, useMemo, useRef } from 'react'

/** A search box searches once typing pauses for 300 ms. */
const SEARCH_DEBOUNCE_MS = 300

/** Calls `fn` once calls pause for `ms`: a newer call, `cancel` or unmounting drops the pending one. */
export function useDebounced<A extends unknown[]>(fn: (...args: A) => void, ms: number = SEARCH_DEBOUNCE_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latest = useRef(fn)
  useEffect(() => {
    latest.current = fn
  }, [fn])
  useEffect(() => () => clearTimeout(timer.current), [])
  return useMemo(
    () => ({
      schedule: (...args: A) => {
        clearTimeout(timer.current)
        timer.current = setTimeout(() => latest.current(...args), ms)
      },
      cancel: () => clearTimeout(timer.current),
    }),
    [ms],
  )
}
