// A change's toast rides on a cookie to the next page (app/utils/toast.server.ts) and pops up from
// the root once JavaScript runs; before that, a page that is used without JavaScript says it here.
import { Alert } from '@mantine/core'
import { useServerMessage } from '~/i18n/messages'
import { useRootData } from '~/utils/root-data'
import { useHydrated } from './use-hydrated'

export function ToastWithoutScripts() {
  const hydrated = useHydrated()
  const say = useServerMessage()
  const toast = useRootData()?.toast
  if (hydrated || !toast) return null
  return (
    <Alert color={toast.type === 'error' ? 'red' : 'teal'} variant="light" c="dark.8" role={toast.type === 'error' ? 'alert' : 'status'}>
      {say(toast.message)}
    </Alert>
  )
}
