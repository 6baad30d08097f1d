import { useCallback, useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { MAX_PUSH_DEVICES } from '#contracts/notifications.ts'
import { useT } from '#app/ui/i18n.tsx'
import { useAccountText } from './contract-texts.ts'

// Push on the device the page runs on (docs/rules/notifications.md): the browser's permission, its push subscription
// made with the server's public key, and the server's copy of it (POST / DELETE /api/push/subscriptions). All of it
// needs script, so nothing here runs before hydration. What it says is in the page's language; a refusal of the /api
// that the page has no words for is shown as the /api wrote it.

export type PushStatus =
  /** Before hydration, and while the browser is asked what it has. */
  'checking' | 'unsupported' | 'denied' | 'off' | 'on' | 'busy'

export interface PushState {
  status: PushStatus
  /** What went wrong the last time, in plain words (a refusal, a push service that could not be reached). */
  problem: string | null
  /** What the last turn-on changed besides this device (another device turned off to make room). */
  notice: string | null
  /** The endpoint key (server/notifications/account.ts endpointKey) of this browser's subscription, if it has one. */
  thisDeviceKey: string | null
  turnOn: () => void
  turnOff: () => void
}

const WORKER_WAIT_MS = 10_000

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

/** The same short hash of the endpoint the server shows devices by. */
async function endpointKey(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint))
  const base64 = btoa(String.fromCharCode(...new Uint8Array(digest)))
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, 22)
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=')
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

/** The service worker's registration, once it runs (it registers after the page has loaded). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_WAIT_MS)
  })
  try {
    return await Promise.race([navigator.serviceWorker.ready, late])
  } finally {
    clearTimeout(timer)
  }
}

/** The /api's refusal, or null when the answer carries none. */
async function errorOf(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as { error?: string } | null
  return body?.error ?? null
}

export function usePushState(publicKey: string, devices: Array<{ key: string }>): PushState {
  const revalidator = useRevalidator()
  const t = useT('account.notifications.device')
  const apiText = useAccountText()
  /** Why the last call failed, in the page's words. */
  const reasonOf = useCallback(
    async (response: Response) => {
      const error = await errorOf(response)
      return error ? apiText(error) : t('serverAnswered', { status: response.status })
    },
    [apiText, t],
  )
  const [status, setStatus] = useState<PushStatus>('checking')
  const [problem, setProblem] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [thisDeviceKey, setThisDeviceKey] = useState<string | null>(null)
  const known = devices.map((d) => d.key).join()

  // What the browser has now, against the devices the server lists (one removed from the list is off here too).
  useEffect(() => {
    let live = true
    void (async () => {
      if (!supported()) return live && setStatus('unsupported')
      const existing = await navigator.serviceWorker
        .getRegistration()
        .then((r) => r?.pushManager.getSubscription() ?? null)
        .catch(() => null)
      const key = existing ? await endpointKey(existing.endpoint) : null
      if (!live) return
      setThisDeviceKey(key)
      if (key && known.split(',').includes(key)) setStatus('on')
      else setStatus(Notification.permission === 'denied' ? 'denied' : 'off')
    })()
    return () => {
      live = false
    }
  }, [known])

  const turnOn = useCallback(() => {
    void (async () => {
      setStatus('busy')
      setProblem(null)
      setNotice(null)
      try {
        const permission = await Notification.requestPermission()
        if (permission === 'denied') return setStatus('denied')
        if (permission !== 'granted') {
          setProblem(t('dismissed'))
          return setStatus('off')
        }
        const worker = await registration()
        if (!worker) {
          setProblem(t('noWorker'))
          return setStatus('off')
        }
        const applicationServerKey = keyBytes(publicKey)
        let subscription = await worker.pushManager.getSubscription()
        // Made with other keys (the server's were replaced): browsers refuse a second key, so it is made again.
        const madeWith = subscription?.options.applicationServerKey
        if (subscription && madeWith && !sameBytes(new Uint8Array(madeWith), applicationServerKey)) {
          await subscription.unsubscribe()
          subscription = null
        }
        subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })
        const { endpoint, keys } = subscription.toJSON()
        const answer = await fetch('/api/push/subscriptions', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth } }),
        })
        if (!answer.ok) {
          setProblem(t('turnOnFailed', { reason: await reasonOf(answer) }))
          return setStatus('off')
        }
        const { replaced } = (await answer.json().catch(() => ({}))) as { replaced?: { device: string } | null }
        setNotice(replaced ? t('replaced', { max: MAX_PUSH_DEVICES, device: replaced.device }) : null)
        setThisDeviceKey(await endpointKey(subscription.endpoint))
        setStatus('on')
        await revalidator.revalidate()
      } catch (error) {
        // The browser's own words ("Registration failed - permission denied") say nothing of what to do.
        const name = error instanceof DOMException ? error.name : ''
        if (name === 'NotAllowedError') return setStatus('denied')
        setProblem(
          name === 'AbortError' || name === 'InvalidStateError'
            ? t('pushServiceDown')
            : t('turnOnFailed', { reason: error instanceof Error ? error.message : String(error) }),
        )
        setStatus('off')
      }
    })()
  }, [publicKey, revalidator, t, reasonOf])

  const turnOff = useCallback(() => {
    void (async () => {
      setStatus('busy')
      setProblem(null)
      try {
        const subscription = await navigator.serviceWorker
          .getRegistration()
          .then((r) => r?.pushManager.getSubscription() ?? null)
        if (subscription) {
          const answer = await fetch('/api/push/subscriptions', {
            method: 'DELETE',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify({ endpoint: subscription.endpoint }),
          })
          // 404: the server had forgotten it already.
          if (!answer.ok && answer.status !== 404) {
            setProblem(t('turnOffFailed', { reason: await reasonOf(answer) }))
            return setStatus('on')
          }
          await subscription.unsubscribe()
        }
        setThisDeviceKey(null)
        setStatus('off')
        await revalidator.revalidate()
      } catch (error) {
        setProblem(t('turnOffFailed', { reason: error instanceof Error ? error.message : String(error) }))
        setStatus('on')
      }
    })()
  }, [revalidator, t, reasonOf])

  return { status, problem, notice, thisDeviceKey, turnOn, turnOff }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}
