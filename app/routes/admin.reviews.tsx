import '~/styles/routes/admin.reviews.css'
import { Anchor, Badge, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core'
import { ReviewActionForm } from '~/components/review-action-form'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { SectionCard } from '~/components/section-card'
import { StarRating } from '~/components/star-rating'
import { PageLinks } from '~/components/page-links'
import { hideReview, listReviewsForAdmin, showReview } from '~/domain/reviews/reviews.server'
import { pageOfAddress } from '~/schemas/fields'
import { HideReviewSchema, ShowReviewSchema } from '~/schemas/reviews'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm, typedText } from '~/utils/forms.server'
import { requireAdmin } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['admin'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Reviews – Nightlight' }, { name: 'robots', content: 'noindex' }])

export const REVIEW_HIDDEN_MESSAGE = 'The review is hidden from the profile; its reason is kept.'
export const REVIEW_SHOWN_MESSAGE = 'The review is on the profile again.'

const date = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso))

// The families' reviews, newest first, twenty a page (issue 16): an admin hides one that breaks
// the rules, with the reason kept on it and in the audit log; a hidden review counts in no average.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const reviews = await listReviewsForAdmin({ page: pageOfAddress(request) })
  return data({ reviews, title: translator('admin')('reviews.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

const pageHref = (page: number) => (page > 1 ? `/admin/reviews?page=${page}` : '/admin/reviews')

/** After a hiding or a showing, the admin is back on the page they were on, at the review. */
const backTo = (request: Request, reviewId: number) => `${pageHref(pageOfAddress(request))}#review-${reviewId}`

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request)
  const formData = await readFormData(request)
  // 'Show it again' undoes a hiding (issue 38), kept in the audit log as the hiding is.
  if (formData.get('intent') === 'unhide') {
    const shown = parseForm(formData, { schema: ShowReviewSchema })
    if (shown.status !== 'success') return data({ reviewId: null, reason: '', error: firstError(shown.error) }, { status: 400 })
    const result = await showReview(admin.id, shown.value.reviewId)
    if (!result.ok) return data({ reviewId: shown.value.reviewId, reason: '', error: result.error }, { status: result.status })
    throw await redirectWithToast(backTo(request, shown.value.reviewId), { type: 'success', message: translateMessage(REVIEW_SHOWN_MESSAGE) })
  }
  const submission = parseForm(formData, { schema: HideReviewSchema })
  const typed = { reviewId: Number(typedText(submission, 'reviewId')) || null, reason: typedText(submission, 'reason') }
  if (submission.status !== 'success') return data({ ...typed, error: firstError(submission.error) }, { status: 400 })
  const result = await hideReview(admin.id, submission.value.reviewId, submission.value.reason)
  if (!result.ok) return data({ ...typed, error: result.error }, { status: result.status })
  throw await redirectWithToast(backTo(request, submission.value.reviewId), { type: 'success', message: translateMessage(REVIEW_HIDDEN_MESSAGE) })
}

export default function AdminReviews() {
  const { reviews } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('admin')
  const say = useServerMessage()
  const errorFor = (reviewId: number) => (actionData?.reviewId === reviewId && actionData.error && say(actionData.error)) || null
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/dashboard" fz="sm">
          ← {t('common.backToDashboard')}
        </Anchor>
        <Title order={1}>{t('reviews.title')}</Title>
        {reviews.totalRows === 0 ? <Text c="gray.7">{t('reviews.none')}</Text> : <Text c="gray.7">{t('reviews.count', { count: reviews.totalRows })}</Text>}
        {reviews.rows.map((review) => (
          <SectionCard
            key={review.id}
            id={`review-${review.id}`}
            title={t('reviews.cardTitle', { parent: review.parentName, nurse: review.nurseName, date: date(review.createdAt) })}
            titleMb="xs"
          >
            <Stack gap="xs">
              <Group gap="sm">
                <StarRating rating={review.rating} />
                {review.hiddenAt && (
                  <Badge color="gray" variant="light" c="dark.8" tt="none">
                    {t('reviews.hidden', { date: date(review.hiddenAt) })}
                  </Badge>
                )}
                <Anchor component={Link} to={`/nurse/${review.nurseSlug}`} fz="sm">
                  {t('reviews.profile')}
                </Anchor>
              </Group>
              <Text style={{ whiteSpace: 'pre-line' }}>{review.body}</Text>
              {review.reply && (
                <Text fz="sm" c="gray.7" style={{ whiteSpace: 'pre-line' }}>
                  {t('reviews.answer', { reply: review.reply })}
                </Text>
              )}
              {review.hiddenAt ? (
                <ReviewActionForm
                  reviewId={review.id}
                  intent="unhide"
                  error={errorFor(review.id)}
                  submitLabel={t('reviews.showAgain')}
                  button={{ variant: 'outline' }}
                >
                  <Text fz="sm">{t('nurses.reason', { reason: review.hiddenReason })}</Text>
                </ReviewActionForm>
              ) : (
                <ReviewActionForm
                  reviewId={review.id}
                  error={errorFor(review.id)}
                  submitLabel={t('reviews.hide')}
                  button={{ variant: 'outline', color: 'red.9' }}
                >
                  <Textarea
                    name="reason"
                    label={t('reviews.whyHide')}
                    description={t('reviews.whyHideHint')}
                    autosize
                    minRows={1}
                    maxLength={500}
                    defaultValue={actionData?.reviewId === review.id ? actionData.reason : ''}
                  />
                </ReviewActionForm>
              )}
            </Stack>
          </SectionCard>
        ))}
        {reviews.totalPages > 1 && <PageLinks page={reviews.page} totalPages={reviews.totalPages} hrefFor={pageHref} label={t('reviews.label')} />}
      </Stack>
    </Container>
  )
}
