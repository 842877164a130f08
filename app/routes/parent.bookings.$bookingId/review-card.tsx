// 'Review your nurse' (issue 16): the family's review of this booking's nurse.
import { Alert, Box, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import { Form } from '@remix-run/react'
import { SectionCard } from '~/components/section-card'
import { StarRating } from '~/components/star-rating'
import { formatPaymentDate } from '~/domain/payments/receipts'
import type { BookingPageData } from './route'
import { useTranslation } from 'react-i18next'

/** The family's review of this booking: the form while it can be written or changed, else the review. */
export function ReviewCard({
  review,
  nurseName,
  typed,
}: {
  review: NonNullable<BookingPageData['review']>
  nurseName: string
  typed: { rating: string; body: string; error: string } | null
}) {
  const { t } = useTranslation('parent')
  const firstName = nurseName.split(' ')[0]
  const saved = review.review
  if (!review.eligible && !saved) return null
  const editable = !saved || saved.editable
  return (
    <SectionCard id="your-review" title={saved ? t('review.yours') : t('review.titleFor', { name: firstName })} titleMb="sm">
      {saved && saved.hidden && (
        <Alert color="yellow" variant="light" c="dark.8" mb="sm">
          {t('review.hidden', { name: firstName })}
        </Alert>
      )}
      {editable ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="review" />
          <Stack gap="sm">
            {typed?.error && (
              <ErrorNote>{typed.error}</ErrorNote>
            )}
            <Radio.Group
              name="rating"
              label={t('review.question', { name: firstName })}
              defaultValue={typed?.rating || (saved ? String(saved.rating) : undefined)}
              required
            >
              <Group gap="md" mt={6}>
                {[5, 4, 3, 2, 1].map((stars) => (
                  <Radio key={stars} value={String(stars)} label={t('review.stars', { count: stars })} />
                ))}
              </Group>
            </Radio.Group>
            <Textarea
              name="body"
              label={t('review.yours')}
              description={t('review.bodyHelp')}
              autosize
              minRows={3}
              maxLength={2000}
              required
              defaultValue={typed?.body ?? saved?.body ?? ''}
            />
            <Group>
              <Button type="submit">{saved ? t('review.update') : t('review.publish')}</Button>
            </Group>
            {saved && (
              <Text fz="xs" c="gray.7">
                {t('review.editableUntil', { date: formatPaymentDate(saved.editableUntil) })}
              </Text>
            )}
          </Stack>
        </Form>
      ) : (
        saved && (
          <Stack gap={4}>
            <StarRating rating={saved.rating} />
            <Text style={{ whiteSpace: 'pre-line' }}>{saved.body}</Text>
          </Stack>
        )
      )}
      {saved?.reply && (
        <Box mt="sm" pl="md" style={{ borderLeft: '3px solid var(--mantine-color-night-2)' }}>
          <Text fz="sm" fw={600}>
            {t('review.answered', { name: firstName })}
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
            {saved.reply}
          </Text>
        </Box>
      )}
    </SectionCard>
  )
}
