import type { Route } from './+types/$id.edit'
import { loadTestEditor, saveTestEditor } from './editor.server.ts'
import { TestEditorDialog } from './test-editor.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

// /admin/tests/{id}/edit: Edit Test, over the tests list.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadTestEditor(request, context, params.id)
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return saveTestEditor(request, context, params.id)
}

export default function EditTest({ loaderData }: Route.ComponentProps) {
  const { test, qualifications } = loaderData
  // A new key per test: conform's form state starts over when another test is opened.
  return <TestEditorDialog key={test?.id} test={test} qualifications={qualifications} />
}

export function meta() {
  return [{ title: 'Edit Test · Task Force HQ' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
