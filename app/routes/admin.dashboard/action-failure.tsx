// A refused change: said on the page (before JavaScript loads too) and, once hydrated, as a toast.
import { notifications } from '@mantine/notifications'
import { useEffect } from 'react'
import { ErrorNote } from '~/components/error-note'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import { failureTitle, type AdminActionFailure } from './results'

export function ActionFailure({ failure, hydrated }: { failure: AdminActionFailure | undefined; hydrated: boolean }) {
  const { t } = useTranslation('admin')
  const say = useServerMessage()
  const title = failure ? failureTitle(failure.intent, t) : ''
  const message = say(failure?.error)
  useEffect(() => {
    if (failure && hydrated) notifications.show({ color: 'red', title, message })
  }, [failure, hydrated, title, message])
  if (!failure) return null
  return (
    <ErrorNote title={title}>{message}</ErrorNote>
  )
}
