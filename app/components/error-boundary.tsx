import { Button, Container, Stack, Text, Title } from '@mantine/core'
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { Link } from './link'

export function NotFound() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Page Not Found</Title>
        <Text c="dimmed">The page you are looking for does not exist.</Text>
        <Button component={Link} to="/">
          Go to Home
        </Button>
      </Stack>
    </Container>
  )
}

export function AccessDenied({ message }: { message: string }) {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Access Denied</Title>
        <Text>{message}</Text>
        <Button component={Link} to="/">
          Go to Home
        </Button>
      </Stack>
    </Container>
  )
}

/** The error screen of every route: 404 Not Found, 403 Access Denied, or a calm general error. */
export function RouteErrorBoundary() {
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
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">We could not show this page. Please try again in a moment.</Text>
        {requestId && (
          <Text size="sm" c="dimmed">
            If it keeps happening, contact support and quote reference <Text span ff="monospace">{requestId}</Text>.
          </Text>
        )}
        <Button component={Link} to="/">
          Go to Home
        </Button>
      </Stack>
    </Container>
  )
}
