import { useCallback, useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { rosterSearch, SEARCH_DEBOUNCE_MS, type RosterUrlState } from './query.ts'

/**
 * Moves the public roster to a new URL state (page 1 unless `next` says otherwise), replacing the history entry:
 * `go` at once (a select), `goLater` after the typing pause (spec 2 §9: 300 ms); either cancels a pending one.
 */
export function useRosterNavigation(state: RosterUrlState) {
  const navigate = useNavigate()
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latest = useRef(state)
  useEffect(() => {
    latest.current = state
  }, [state])
  useEffect(() => () => clearTimeout(timer.current), [])

  const go = useCallback(
    (next: Partial<RosterUrlState>) => {
      clearTimeout(timer.current)
      void navigate(`/roster${rosterSearch({ ...latest.current, page: 1, ...next })}`, { replace: true, preventScrollReset: true })
    },
    [navigate],
  )
  const goLater = useCallback(
    (next: Partial<RosterUrlState>) => {
      clearTimeout(timer.current)
      timer.current = setTimeout(() => go(next), SEARCH_DEBOUNCE_MS)
    },
    [go],
  )
  return { go, goLater }
}
