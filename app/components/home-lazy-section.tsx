import { Alert, Box, Container, Skeleton, Stack } from '@mantine/core'
import { Component, Suspense, type ComponentType, type ReactNode } from 'react'

class SectionErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  componentDidCatch(error: unknown) {
    console.error(error)
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}

function SectionSkeleton() {
  return (
    <Container size="lg" py={48} aria-hidden="true">
      <Stack gap="md">
        <Skeleton height={28} width="40%" />
        <Skeleton height={14} />
        <Skeleton height={14} width="90%" />
        <Skeleton height={120} mt="sm" />
      </Stack>
    </Container>
  )
}

/**
 * A home page section whose code loads on demand ('how it works' and the call to action). The route
 * passes the component itself on the server, so the section is in the server HTML for crawlers and
 * visitors without JavaScript, and a React.lazy component in the browser, whose chunk is fetched
 * when hydration reaches it (the server HTML stays in place meanwhile). A skeleton stands in while
 * it loads after a client-side navigation, and a message if the chunk cannot be loaded.
 */
export function LazySection({ component: Section, failureMessage }: { component: ComponentType; failureMessage: string }) {
  return (
    <SectionErrorBoundary
      fallback={
        <Container size="lg" py={32}>
          <Alert color="gray" variant="light" role="status">
            {failureMessage}
          </Alert>
        </Container>
      }
    >
      <Suspense fallback={<SectionSkeleton />}>
        <Box>
          <Section />
        </Box>
      </Suspense>
    </SectionErrorBoundary>
  )
}
