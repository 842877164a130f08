// Google sign-in in a popup (docs/security.md): the popup ends by posting a one-time token to this
// window, which exchanges it for a session. Without JavaScript the link runs the same sign-in
// as a full-page redirect.
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import type { SignedInUser } from '~/domain/accounts/auth-redirects'

const POPUP_TIMEOUT_MS = 5 * 60 * 1000

type Status = 'idle' | 'connecting' | 'redirecting'

export function GoogleSignInButton({
  enabled,
  label,
  redirectTo,
  accountRole,
  onSignedIn,
}: {
  enabled: boolean
  label?: string
  redirectTo?: string
  /** The role of an account this sign-in creates (the nurse application); parent otherwise. */
  accountRole?: 'nurse'
  onSignedIn: (user: SignedInUser) => void
}) {
  const { t } = useTranslation('auth')
  // The errors are the server's sentences (or this file's, written the same way), shown in the page's language.
  const say = useServerMessage()
  const buttonLabel = label ?? t('google.continue')
  const [status, setStatus] = useState<Status>('idle')
  const [error, setError] = useState<string | null>(null)
  const [linking, setLinking] = useState<string | null>(null)
  const cleanup = useRef<() => void>(() => {})
  useEffect(() => () => cleanup.current(), [])

  if (!enabled) {
    return (
      <Stack gap={4}>
        <Button variant="default" disabled fullWidth>
          {buttonLabel}
        </Button>
        <Text fz="xs" c="dimmed">
          {t('google.notConfigured')}
        </Text>
      </Stack>
    )
  }

  const params = new URLSearchParams({ provider: 'google', ...(accountRole ? { role: accountRole } : {}) })
  const fallbackHref = `/_api/auth/oauth_authorize?${params}&mode=redirect${
    redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ''
  }`

  async function exchange(tempToken: string) {
    setStatus('redirecting')
    try {
      const response = await fetch('/_api/auth/establish_session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ tempToken }),
      })
      const body = await response.json()
      if (!response.ok) throw new Error(body.error ?? 'Failed to complete authentication. Please try again.')
      onSignedIn(body.user)
    } catch (e) {
      setStatus('idle')
      setError(e instanceof Error ? e.message : 'Failed to complete authentication. Please try again.')
    }
  }

  function start(event: React.MouseEvent) {
    event.preventDefault()
    setError(null)
    let popup: Window | null = null
    try {
      popup = window.open(`/_api/auth/oauth_authorize?${params}`, 'google-sign-in', 'width=500,height=600')
    } catch {
      popup = null
    }
    if (!popup) {
      setError('Failed to open authentication window. Please check if popup blockers are disabled and try again.')
      return
    }
    setStatus('connecting')
    const onMessage = (message: MessageEvent) => {
      if (message.origin !== window.location.origin || message.source !== popup) return
      const payload = message.data as { type?: string; token?: string; error?: string; message?: string }
      if (payload?.type === 'OAUTH_TOKEN_SUCCESS' && payload.token) {
        cleanup.current()
        void exchange(payload.token)
      } else if (payload?.type === 'OAUTH_ERROR') {
        cleanup.current()
        setStatus('idle')
        if (payload.error === 'account_linking_required') setLinking(payload.message ?? '')
        else setError(payload.message || 'Authentication failed. Please try again.')
      }
    }
    // The popup is polled every second: closing it resets the button.
    // The popup closes itself right after posting its message, so a closed popup is given a
    // moment for that message to arrive before the listener goes.
    let graceTimer: number | undefined
    const poll = window.setInterval(() => {
      if (popup?.closed && graceTimer === undefined) {
        graceTimer = window.setTimeout(() => {
          cleanup.current()
          setStatus((s) => (s === 'connecting' ? 'idle' : s))
        }, 1500)
      }
    }, 1000)
    const timeout = window.setTimeout(() => {
      popup?.close()
      cleanup.current()
      setStatus('idle')
    }, POPUP_TIMEOUT_MS)
    window.addEventListener('message', onMessage)
    cleanup.current = () => {
      window.removeEventListener('message', onMessage)
      window.clearInterval(poll)
      window.clearTimeout(timeout)
      window.clearTimeout(graceTimer)
      cleanup.current = () => {}
    }
  }

  if (linking !== null) {
    return (
      <Card withBorder role="alert">
        <Title order={3} fz="md">
          {t('google.accountExists')}
        </Title>
        <Text fz="sm" mt="xs">
          {say(linking)}
        </Text>
        <Button mt="sm" size="xs" onClick={() => setLinking(null)}>
          {t('google.gotIt')}
        </Button>
      </Card>
    )
  }

  return (
    <Stack gap="xs">
      <Button
        component="a"
        href={fallbackHref}
        onClick={start}
        variant="default"
        fullWidth
        loading={status !== 'idle'}
        leftSection={<GoogleMark />}
      >
        {status === 'connecting' ? t('google.connecting') : status === 'redirecting' ? t('google.redirecting') : buttonLabel}
      </Button>
      {status === 'redirecting' && (
        <Text fz="sm" c="dimmed" role="status">
          {t('google.settingUp')}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {say(error)}
        </Alert>
      )}
    </Stack>
  )
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.6 5.9c4.4-4.1 7-10.1 7-17.6z" />
      <path fill="#FBBC05" d="M10.6 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.8l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.6-5.9c-2.1 1.4-4.9 2.3-8.3 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  )
}
