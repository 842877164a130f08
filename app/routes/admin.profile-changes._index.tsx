// /admin/profile-changes (docs/decisions/0063): approved nurses' changes to their name, photo,
// documents or credentials that wait for an admin, the longest waiting first.
import '~/styles/routes/admin.profile-changes._index.css'
import { Anchor, Container, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { translator } from '~/i18n/i18n.server'
import { ToastWithoutScripts } from '~/components/toast-without-scripts'
import { SectionCard } from '~/components/section-card'
import type { ReviewedField } from '~/domain/nurses/profile-changes'
import type { Translate } from '~/i18n/translate'
import { listPendingProfileChanges } from '~/domain/nurses/profile-changes.server'
import { formatDay } from '~/domain/time/viewer-time'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { PageLinks } from '~/components/page-links'
import { pageOfAddress } from '~/schemas/fields'
import { requireAdmin } from '~/utils/session.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['admin'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Profile Changes to Review – Nightlight' }, { name: 'robots', content: 'noindex' }])

/** 'name, photo and credentials' in the reader's language. */
function nameFieldsIn(fields: readonly ReviewedField[], t: Translate): string {
  const labels = fields.map((field) => t(`changes.field.${field}`))
  if (labels.length <= 1) return labels.join('')
  return t('changes.list', { items: labels.slice(0, -1).join(', '), last: labels[labels.length - 1] })
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const [changes, zone] = await Promise.all([listPendingProfileChanges({ page: pageOfAddress(request) }), viewerZone(request)])
  return data({ changes, zone, title: translator('admin')('changes.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

const pageHref = (page: number) => (page > 1 ? `/admin/profile-changes?page=${page}` : '/admin/profile-changes')

export default function ProfileChangesToReview() {
  const { changes, zone } = useLoaderData<typeof loader>()
  const date = (iso: string) => formatDay(iso, zone)
  const { t } = useTranslation('admin')
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/dashboard" fz="sm">
          ← {t('common.backToDashboard')}
        </Anchor>
        <Title order={1}>{t('changes.title')}</Title>
        <ToastWithoutScripts />
        <Text c="gray.7">{changes.totalRows === 0 ? t('changes.none') : t('changes.count', { count: changes.totalRows })}</Text>
        {changes.rows.map((change) => (
          <SectionCard key={change.id} id={`change-${change.id}`} title={change.nurseName} titleMb={4}>
            <Text fz="sm">
              {t('changes.summary', { fields: nameFieldsIn(change.fields, t), date: date(change.submittedAt) })}
            </Text>
            <Anchor component={Link} to={`/admin/profile-changes/${change.id}`} fz="sm">
              {t('changes.review', { name: change.nurseName })}
            </Anchor>
          </SectionCard>
        ))}
        {changes.totalPages > 1 && <PageLinks page={changes.page} totalPages={changes.totalPages} hrefFor={pageHref} label={t('changes.label')} />}
      </Stack>
    </Container>
  )
}
