import type { Route } from './+types/new'
import { loadTestEditor, saveTestEditor } from './editor.server.ts'
import { TestEditorDialog } from './test-editor.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

// /admin/tests/new: Create Test, over the tests list.

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadTestEditor(request, context, null)
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveTestEditor(request, context, null)
}

export default function CreateTest({ loaderData }: Route.ComponentProps) {
  return <TestEditorDialog test={null} qualifications={loaderData.qualifications} />
}

export function meta() {
  return [{ title: 'Create Test · Task Force HQ' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
