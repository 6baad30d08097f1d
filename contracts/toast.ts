import { z } from 'zod'
import { text } from './fields.ts'

// A toast, the one shape of every place that carries one: the flash cookie of a post-redirect-get (server/toast.ts),
// a panel's data answer (app/forms/respond.ts), and the toaster that shows it (app/ui/toaster.tsx).

export const toastSchema = z.object({
  id: text(),
  type: z.enum(['success', 'error', 'info']),
  message: text().max(500),
})

export type Toast = z.infer<typeof toastSchema>
export type ToastType = Toast['type']
/** A toast to show; the toaster gives it its id. */
export type ToastInput = Omit<Toast, 'id'>
