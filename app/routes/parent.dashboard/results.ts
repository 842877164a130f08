import { notifications } from '@mantine/notifications'
import { useEffect, useRef } from 'react'

/** What the dashboard's action answers, to a fetcher or to a plain form post. */
export type DashboardActionResult =
  | { intent: 'cancel' | 'preferences' | 'send-reminders' | null; ok: true; message: string }
  | { intent: 'cancel' | 'preferences' | 'send-reminders' | null; ok: false; error: string }

/**
 * Calls back once per answer a fetcher receives. It fires as soon as the answer is in (while the
 * page data revalidates), so a row that disappears after the refresh still gets its toast.
 */
export function useFetcherResult(
  fetcher: { state: string; data?: unknown },
  onResult: (result: DashboardActionResult) => void,
) {
  const handled = useRef<unknown>(undefined)
  const callback = useRef(onResult)
  callback.current = onResult
  useEffect(() => {
    if (fetcher.state === 'submitting' || !fetcher.data || fetcher.data === handled.current) return
    handled.current = fetcher.data
    callback.current(fetcher.data as DashboardActionResult)
  }, [fetcher.state, fetcher.data])
}

export function toastSuccess(message: string) {
  notifications.show({ color: 'teal', message })
}

export function toastFailure(message: string, title?: string) {
  notifications.show({ color: 'red', title, message })
}

/** The dashboard's address with some query values changed (null removes one). */
export function dashboardHref(search: URLSearchParams | string, changes: Record<string, string | number | null>) {
  const params = new URLSearchParams(search)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key)
    else params.set(key, String(value))
  }
  const query = params.toString()
  return query ? `/parent/dashboard?${query}` : '/parent/dashboard'
}
