import { z } from 'zod'

// A toast, the one shape of every place that carries one: the flash cookie of a post-redirect-get (server/toast.ts),
// a panel's data answer (app/admin/respond.ts), and the toaster that shows it (app/ui/toaster.tsx).

export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(['success', 'error', 'info']),
  message: z.string().max(500),
})

export type Toast = z.infer<typeof toastSchema>
export type ToastType = Toast['type']
/** A toast to show; the toaster gives it its id. */
export type ToastInput = Omit<Toast, 'id'>
