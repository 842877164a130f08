import '~/styles/routes/nurse.reviews.css'
import { Anchor, Box, Container, Stack, Text, Textarea, Title } from '@mantine/core'
import { ReviewActionForm } from '~/components/review-action-form'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { useServerMessage } from '~/i18n/messages'
import { formatMonthYear } from '~/domain/time/shift-times'
import { Link } from '~/components/link'
import { PageLinks } from '~/components/page-links'
import { SectionCard } from '~/components/section-card'
import { StarRating } from '~/components/star-rating'
import { formatAverage } from '~/domain/reviews/review-rules'
import { listReviewsForNurse, replyToReview } from '~/domain/reviews/reviews.server'
import { pageOfAddress } from '~/schemas/fields'
import { ReplySchema } from '~/schemas/reviews'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm, typedText } from '~/utils/forms.server'
import { requireNurse } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['nurse'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: data?.title ?? 'Your Reviews – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

export const REPLY_SAVED_MESSAGE = 'Your answer is on your profile.'

/** 'March 2026' as it always read in English; in Spanish by formatMonthYear ('marzo de 2026'). */
const month = (iso: string, spanish: boolean) =>
  spanish ? formatMonthYear(new Date(iso).toISOString().slice(0, 10)) : new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso))

// The families' reviews of the signed-in nurse (issue 16), each answered once, publicly: twenty a
// page, with the count and average her profile shows.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireNurse(request)
  const own = await listReviewsForNurse(user.id, { page: pageOfAddress(request) })
  return data({ own, title: translator('nurse')('reviews.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

const pageHref = (page: number) => (page > 1 ? `/nurse/reviews?page=${page}` : '/nurse/reviews')

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireNurse(request)
  const submission = parseForm(await readFormData(request), { schema: ReplySchema })
  const typed = { reviewId: Number(typedText(submission, 'reviewId')) || null, reply: typedText(submission, 'reply') }
  if (submission.status !== 'success') return data({ ...typed, error: firstError(submission.error) }, { status: 400 })
  const result = await replyToReview(user.id, submission.value.reviewId, submission.value.reply)
  if (!result.ok) return data({ ...typed, error: result.error }, { status: result.status })
  // Back to the page she answered on, at the review.
  throw await redirectWithToast(`${pageHref(pageOfAddress(request))}#review-${submission.value.reviewId}`, { type: 'success', message: translateMessage(REPLY_SAVED_MESSAGE) })
}

export default function NurseReviews() {
  const { own } = useLoaderData<typeof loader>()
  const reviews = own?.reviews ?? null
  const slug = own?.slug ?? null
  const actionData = useActionData<typeof action>()
  const { t, i18n } = useTranslation('nurse')
  const say = useServerMessage()
  const spanish = i18n.language === 'es'
  const errorFor = (reviewId: number) => (actionData?.reviewId === reviewId && actionData.error ? say(actionData.error) : null)
  const average = own?.reviewCount ? own.reviewAverage : null
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/nurse/dashboard?tab=bookings" fz="sm">
          {t('check.back')}
        </Anchor>
        <Title order={1}>{t('reviews.title')}</Title>
        <Text>
          {average === null
            ? t('reviews.none')
            : `${t('reviews.average', { average: spanish ? formatAverage(average).replace('.', ',') : formatAverage(average), count: own?.reviewCount })} `}
          {average !== null && t('reviews.answerOnce')}
          {slug && (
            <>
              {' '}
              <Anchor component={Link} to={`/nurse/${slug}`} underline="always">
                {t('reviews.seeProfile')}
              </Anchor>
            </>
          )}
        </Text>
        {reviews?.rows.map((review) => (
          <SectionCard key={review.id} id={`review-${review.id}`} title={`${review.reviewer}, ${month(review.createdAt, spanish)}`} titleMb="xs">
            <Stack gap="xs">
              <StarRating rating={review.rating} />
              <Text style={{ whiteSpace: 'pre-line' }}>{review.body}</Text>
              {review.reply ? (
                <Box pl="md" style={{ borderLeft: '3px solid var(--mantine-color-night-2)' }}>
                  <Text fz="sm" fw={600}>
                    {t('reviews.yourAnswer')}
                  </Text>
                  <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
                    {review.reply}
                  </Text>
                </Box>
              ) : (
                <ReviewActionForm reviewId={review.id} intent="reply" error={errorFor(review.id)} submitLabel={t('reviews.publish')}>
                  <Textarea
                    name="reply"
                    label={t('reviews.yourAnswer')}
                    description={t('reviews.answerHelp')}

                    autosize
                    minRows={2}
                    maxLength={1000}
                    defaultValue={actionData?.reviewId === review.id ? actionData.reply : ''}
                  />
                </ReviewActionForm>
              )}
            </Stack>
          </SectionCard>
        ))}
        {reviews && reviews.totalPages > 1 && <PageLinks page={reviews.page} totalPages={reviews.totalPages} hrefFor={pageHref} label={t('reviews.title')} />}
      </Stack>
    </Container>
  )
}
