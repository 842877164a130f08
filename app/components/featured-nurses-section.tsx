import { Box, type BoxProps, Container, Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * The featured nurses band of the home page and of /night-nurse: a heading with a
 * line under it, a link to every nurse on its right, and the nurses below.
 */
export function FeaturedNursesSection({
  title,
  subtitle,
  action,
  py,
  children,
}: {
  title: string
  subtitle: string
  action: ReactNode
  py: BoxProps['py']
  children: ReactNode
}) {
  return (
    <Box component="section" aria-labelledby="featured-title" py={py}>
      <Container size="lg">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Stack gap={4}>
              <Title order={2} id="featured-title" c="night.9">
                {title}
              </Title>
              <Text c="gray.7">{subtitle}</Text>
            </Stack>
            {action}
          </Group>
          {children}
        </Stack>
      </Container>
    </Box>
  )
}
