// /admin/checks (docs/decisions/0061): the background checks waiting for an admin, the longest
// waiting first: reports that came back 'consider', and pre-adverse notices whose wait runs; and
// the nurses out of search by a lapsed check or credential (docs/decisions/0062).
import '~/styles/routes/admin.checks._index.css'
import { Anchor, Container, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { translator } from '~/i18n/i18n.server'
import { SectionCard } from '~/components/section-card'
import { listChecksToDecide } from '~/domain/verification/adjudication.server'
import { formatDay } from '~/domain/time/viewer-time'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { listLapsedNurses } from '~/domain/verification/listing.server'
import { PageLinks, searchAtPage } from '~/components/page-links'
import { pageOfAddress } from '~/schemas/fields'
import { requireAdmin } from '~/utils/session.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['admin'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Background Checks to Decide – Nightlight' }, { name: 'robots', content: 'noindex' }])

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  // Two lists, each paged by its own parameter: ?page= the checks, ?lapsed= the nurses out of search.
  const [checks, lapsed, zone] = await Promise.all([
    listChecksToDecide({ page: pageOfAddress(request) }),
    listLapsedNurses({ page: pageOfAddress(request, 'lapsed') }),
    viewerZone(request),
  ])
  return data({ checks, lapsed, zone, title: translator('admin')('checks.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function ChecksToDecide() {
  const { checks, lapsed, zone } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const date = (iso: string) => formatDay(iso, zone)
  const { t } = useTranslation('admin')
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/dashboard" fz="sm">
          ← {t('common.backToDashboard')}
        </Anchor>
        <Title order={1}>{t('checks.title')}</Title>
        <Text c="gray.7">{checks.totalRows === 0 ? t('checks.none') : t('checks.count', { count: checks.totalRows })}</Text>
        {checks.rows.map((check) => (
          <SectionCard key={check.checkId} id={`check-${check.checkId}`} title={check.nurseName} titleMb={4}>
            <Text fz="sm">
              {t(`checks.status.${check.status}`)}
              {check.completedAt && ` · ${t('checks.reportOf', { date: date(check.completedAt) })}`}
              {check.earliestFinalAt && ` · ${t('checks.finalFrom', { date: date(check.earliestFinalAt) })}`}
              {check.disputedAt && ` · ${t('checks.answeredOn', { date: date(check.disputedAt) })}`}
            </Text>
            <Anchor component={Link} to={`/admin/checks/${check.checkId}`} fz="sm">
              {t('checks.review', { name: check.nurseName })}
            </Anchor>
          </SectionCard>
        ))}
        {checks.totalPages > 1 && (
          <PageLinks page={checks.page} totalPages={checks.totalPages} hrefFor={(page) => `/admin/checks${searchAtPage(search, 'page', page)}`} label={t('checks.label')} />
        )}
        <Title order={2} id="lapsed">
          {t('checks.lapsedTitle')}
        </Title>
        <Text c="gray.7">{lapsed.totalRows === 0 ? t('checks.lapsedNone') : t('checks.lapsedCount', { count: lapsed.totalRows })}</Text>
        {lapsed.rows.map((nurse) => (
          <SectionCard key={nurse.nurseProfileId} id={`lapsed-${nurse.nurseProfileId}`} title={nurse.name} titleMb={4}>
            <Text fz="sm">
              {t('checks.lapsedSince', { reason: nurse.reason ?? t('checks.lapsed'), date: date(nurse.lapsedAt) })}
            </Text>
            <Anchor component={Link} to={`/nurse/${nurse.slug}`} fz="sm">
              {t('checks.profile', { name: nurse.name })}
            </Anchor>
          </SectionCard>
        ))}
        {lapsed.totalPages > 1 && (
          <PageLinks
            page={lapsed.page}
            totalPages={lapsed.totalPages}
            hrefFor={(page) => `/admin/checks${searchAtPage(search, 'lapsed', page)}#lapsed`}
            label={t('checks.lapsedTitle')}
          />
        )}
      </Stack>
    </Container>
  )
}
