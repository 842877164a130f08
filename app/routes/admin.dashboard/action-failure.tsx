// A refused change: said on the page (before JavaScript loads too) and, once hydrated, as a toast.
import { notifications } from '@mantine/notifications'
import { useEffect } from 'react'
import { ErrorNote } from '~/components/error-note'
import { failureTitle, type AdminActionFailure } from './results'

export function ActionFailure({ failure, hydrated }: { failure: AdminActionFailure | undefined; hydrated: boolean }) {
  useEffect(() => {
    if (failure && hydrated) notifications.show({ color: 'red', title: failureTitle(failure.intent), message: failure.error })
  }, [failure, hydrated])
  if (!failure) return null
  return (
    <ErrorNote title={failureTitle(failure.intent)}>{failure.error}</ErrorNote>
  )
}
