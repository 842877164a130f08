import { Button, Container, Stack, Text, Title } from '@mantine/core'
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import { Link } from './link'

export function NotFound() {
  const { t } = useTranslation()
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t('error.notFoundTitle')}</Title>
        <Text c="dimmed">{t('error.notFoundText')}</Text>
        <Button component={Link} to="/">
          {t('error.goHome')}
        </Button>
      </Stack>
    </Container>
  )
}

export function AccessDenied({ message }: { message: string }) {
  const { t } = useTranslation()
  const say = useServerMessage()
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t('error.accessDeniedTitle')}</Title>
        <Text>{say(message)}</Text>
        <Button component={Link} to="/">
          {t('error.goHome')}
        </Button>
      </Stack>
    </Container>
  )
}

/** The error screen of every route: 404 Not Found, 403 Access Denied, or a calm general error. */
export function RouteErrorBoundary() {
  const { t } = useTranslation()
  const error = useRouteError()
  const requestId = useRouteLoaderData<{ requestId?: string | null }>('root')?.requestId
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound />
    if (error.status === 403) {
      const message = typeof error.data?.message === 'string' ? error.data.message : 'Access denied.'
      return <AccessDenied message={message} />
    }
  }
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t('error.somethingWrongTitle')}</Title>
        <Text c="dimmed">{t('error.somethingWrongText')}</Text>
        {requestId && (
          <Text size="sm" c="dimmed">
            {t('error.quoteReference')} <Text span ff="monospace">{requestId}</Text>.
          </Text>
        )}
        <Button component={Link} to="/">
          {t('error.goHome')}
        </Button>
      </Stack>
    </Container>
  )
}
