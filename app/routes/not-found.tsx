import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

// Any unmatched URL: a 404 that renders the generic error screen.
export function loader() {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
}

export default function NotFound() {
  return <GeneralErrorBoundary />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
