import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate, useNavigation, useRevalidator } from 'react-router'
import {
  EVALUATION_MESSAGES,
  LIVE_POLL_MS,
  SUBMIT_TOAST_STAGGER_MS,
  liveScore,
  type EvaluationAnswer,
  type EvaluationSubmitResult,
  type LiveSession,
  type ServerMessage,
} from '#contracts/evaluations.ts'
import type { ToastType } from '#contracts/toast.ts'
import { useToast } from '#app/ui/toaster.tsx'

// The live evaluation page's state once scripts run (every open view of a session updates live, so a second admin can
// follow it). It starts from the loader's session and follows the session's Server-Sent Events stream (GET
// /api/admin/evaluations/session/{id}/live: the session now and after every committed change, by any admin); while the
// stream is down it polls GET /api/admin/evaluations/live/{id} every 3 s, unless a save is in flight. Answers are
// optimistic: shown at once, saved through POST .../answer; a failed save says so and reloads. A session that ends
// (submitted or cancelled elsewhere) reloads the page, whose loader sends the admin back to /admin/tests with
// 'Evaluation session not found or already completed.'

/** After the stream gives up for good (not a passing reconnect), try opening it again this often. */
const STREAM_RETRY_MS = 30_000

export type LiveStatus = 'connecting' | 'live' | 'polling'

const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' }

const TOAST_TYPES: Record<ServerMessage['type'], ToastType> = {
  success: 'success',
  info: 'info',
  warning: 'info',
  error: 'error',
}

export function useLiveSession(loaded: LiveSession) {
  const toast = useToast()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const { revalidate } = useRevalidator()
  const id = loaded.sessionId
  const [session, setSession] = useState(loaded)
  /** Answers clicked here and not yet saved: shown over the server's. */
  const [pending, setPending] = useState<Record<string, EvaluationAnswer>>({})
  const [status, setStatus] = useState<LiveStatus>('connecting')
  /** False while the Final Evaluation is being submitted: no stream, no polls. */
  const [following, setFollowing] = useState(true)
  const [submitting, setSubmitting] = useState(false)
  const saving = useRef(0)
  const clicks = useRef(new Map<string, number>())
  const navigating = useRef(false)
  navigating.current = navigation.state !== 'idle'

  // A revalidation of the loader (after a failed save, or a form post) is the server's word.
  useEffect(() => setSession(loaded), [loaded])

  /** The session is over: the loader redirects with its not-found message (unless this page is already leaving). */
  const ended = useCallback(() => {
    if (!navigating.current) void revalidate()
  }, [revalidate])

  useEffect(() => {
    if (!following) return
    let source: EventSource | null = null
    let pollTimer: ReturnType<typeof setInterval> | null = null
    let retryTimer: ReturnType<typeof setTimeout> | null = null
    let stopped = false
    let failing = false

    const poll = async () => {
      if (saving.current > 0 || stopped) return
      try {
        const response = await fetch(`/api/admin/evaluations/live/${id}`, {
          headers: { Accept: 'application/json' },
          cache: 'no-store',
        })
        if (response.status === 404) return ended()
        if (!response.ok) throw new Error(`answered ${response.status}`)
        const next = (await response.json()) as LiveSession
        if (!stopped && saving.current === 0) setSession(next)
        failing = false
      } catch {
        if (!failing && !stopped) toast.error(EVALUATION_MESSAGES.loadFailed)
        failing = true
      }
    }
    const startPolling = () => {
      setStatus('polling')
      if (pollTimer) return
      pollTimer = setInterval(() => void poll(), LIVE_POLL_MS)
    }
    const stopPolling = () => {
      if (pollTimer) clearInterval(pollTimer)
      pollTimer = null
    }
    const openStream = () => {
      if (stopped) return
      if (typeof EventSource === 'undefined') return startPolling()
      source = new EventSource(`/api/admin/evaluations/session/${id}/live`)
      source.addEventListener('open', () => {
        stopPolling()
        failing = false
        setStatus('live')
      })
      source.addEventListener('session', (event) => {
        try {
          if (!stopped) setSession(JSON.parse((event as MessageEvent<string>).data) as LiveSession)
        } catch {
          // A malformed event is skipped; the next one (or a poll) brings the session.
        }
      })
      source.addEventListener('ended', () => {
        source?.close()
        source = null
        stopPolling()
        ended()
      })
      source.addEventListener('error', () => {
        // CONNECTING: the browser reconnects by itself; poll meanwhile (a poll also notices a session that ended).
        // CLOSED: it gave up; poll now and then, and try the stream again later.
        if (!source) return
        startPolling()
        if (source.readyState === EventSource.CLOSED) {
          source = null
          void poll()
          retryTimer = setTimeout(openStream, STREAM_RETRY_MS)
        }
      })
    }

    openStream()
    return () => {
      stopped = true
      source?.close()
      stopPolling()
      if (retryTimer) clearTimeout(retryTimer)
    }
  }, [id, following, ended, toast])

  /** Pass, Fail or N/A for one item: shown at once, saved in the background. */
  const answer = useCallback(
    async (questionId: number, value: EvaluationAnswer) => {
      const key = String(questionId)
      const click = (clicks.current.get(key) ?? 0) + 1
      clicks.current.set(key, click)
      setPending((current) => ({ ...current, [key]: value }))
      saving.current += 1
      let saved: LiveSession | null = null
      try {
        const response = await fetch(`/api/admin/evaluations/live/${id}/answer`, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({ questionId, answer: value }),
        })
        if (response.ok) saved = (await response.json()) as LiveSession
      } catch {
        // reported below
      } finally {
        saving.current -= 1
      }
      // Only the latest click on an item decides what it shows.
      if (clicks.current.get(key) === click) {
        setPending(({ [key]: _done, ...rest }) => rest)
        // NOTE: merge this item's saved answer into what is newest here; the stream may already hold later changes.
        if (saved)
          setSession((current) => ({ ...current, answers: withAnswer(current.answers, key, saved.answers[key]) }))
      }
      if (!saved) {
        toast.error(EVALUATION_MESSAGES.saveAnswerFailed)
        void revalidate()
      }
    },
    [id, toast, revalidate],
  )

  /** Submit Final Evaluation: the notes, then the server's messages as toasts 500 ms apart, and back to the tests. */
  const submit = useCallback(
    async (notes: string) => {
      setSubmitting(true)
      setFollowing(false)
      try {
        const response = await fetch(`/api/admin/evaluations/live/${id}/submit`, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({ notes }),
        })
        const body = (await response.json().catch(() => null)) as (EvaluationSubmitResult & { error?: string }) | null
        if (!response.ok || !body?.messages) throw new Error(body?.error || EVALUATION_MESSAGES.submitFailed)
        body.messages.forEach((message, i) =>
          setTimeout(() => toast.show(message.text, TOAST_TYPES[message.type]), i * SUBMIT_TOAST_STAGGER_MS),
        )
        void navigate('/admin/tests')
      } catch (error) {
        toast.error(error instanceof Error && error.message ? error.message : EVALUATION_MESSAGES.submitFailed)
        setSubmitting(false)
        setFollowing(true)
      }
    },
    [id, toast, navigate],
  )

  const answers = useMemo(() => ({ ...session.answers, ...pending }), [session.answers, pending])
  const score = useMemo(
    () => liveScore(session.questions, answers, session.test.eval_passing_score),
    [session, answers],
  )
  return { session, answers, score, status, answer, submit, submitting }
}

function withAnswer(
  answers: Record<string, EvaluationAnswer>,
  key: string,
  value: EvaluationAnswer | undefined,
): Record<string, EvaluationAnswer> {
  if (value === undefined) {
    const { [key]: _gone, ...rest } = answers
    return rest
  }
  return { ...answers, [key]: value }
}
