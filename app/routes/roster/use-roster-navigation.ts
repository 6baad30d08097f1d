import { useCallback, useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { useDebounced } from '#app/hooks/use-debounced.ts'
import { rosterSearch, SEARCH_DEBOUNCE_MS, type RosterUrlState } from './query.ts'

/**
 * Moves the public roster to a new URL state (page 1 unless `next` says otherwise), replacing the history entry:
 * `go` at once (a select), `goLater` after the typing pause (300 ms); either cancels a pending one.
 */
export function useRosterNavigation(state: RosterUrlState) {
  const navigate = useNavigate()
  const latest = useRef(state)
  useEffect(() => {
    latest.current = state
  }, [state])

  const move = useCallback(
    (next: Partial<RosterUrlState>) =>
      void navigate(`/roster${rosterSearch({ ...latest.current, page: 1, ...next })}`, {
        replace: true,
        preventScrollReset: true,
      }),
    [navigate],
  )
  const later = useDebounced(move, SEARCH_DEBOUNCE_MS)
  const go = useCallback(
    (next: Partial<RosterUrlState>) => {
      later.cancel()
      move(next)
    },
    [later, move],
  )
  return { go, goLater: later.schedule }
}
