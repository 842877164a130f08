// One action on one review in a list of reviews (the nurse's answer, the admin's hide and show): a
// form that names the review, says what went wrong with this review's last post above its fields,
// and ends with its button. Posts to the page's own action, keeping the scroll where it was.
import { Box, Button, Stack, type ButtonProps } from '@mantine/core'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { ErrorNote } from './error-note'

export function ReviewActionForm({
  reviewId,
  intent,
  error,
  submitLabel,
  button,
  children,
}: {
  reviewId: number
  /** The action's intent; none for the page's default action. */
  intent?: string
  /** The last post's error, when it was about this review. */
  error: string | null
  submitLabel: string
  button?: Pick<ButtonProps, 'variant' | 'color'>
  children?: ReactNode
}) {
  return (
    <Form method="post" preventScrollReset>
      {intent && <input type="hidden" name="intent" value={intent} />}
      <input type="hidden" name="reviewId" value={reviewId} />
      <Stack gap="xs">
        {error && <ErrorNote>{error}</ErrorNote>}
        {children}
        <Box>
          <Button type="submit" size="sm" {...button}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Form>
  )
}
