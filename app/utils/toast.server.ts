// A toast that survives a redirect (used by form posts that work without JavaScript).
import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { signedCookie } from './cookies.server'

export const ToastSchema = z.object({
  title: z.string().optional(),
  message: z.string(),
  type: z.enum(['success', 'error', 'info']).default('info'),
})
export type Toast = z.infer<typeof ToastSchema>

const toastCookie = signedCookie('__toast', 60)

export async function toastHeader(toast: Toast) {
  return toastCookie().serialize(toast)
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await toastHeader(toast))
  return redirect(url, { ...init, headers })
}

/** Reads the pending toast; the caller sends the returned header to clear it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clearHeader: string | null }> {
  const raw = await toastCookie().parse(request.headers.get('Cookie'))
  if (!raw) return { toast: null, clearHeader: null }
  const parsed = ToastSchema.safeParse(raw)
  return {
    toast: parsed.success ? parsed.data : null,
    clearHeader: await toastCookie().serialize('', { maxAge: 0 }),
  }
}
