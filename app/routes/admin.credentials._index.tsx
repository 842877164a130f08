// /admin/credentials (docs/decisions/0062): the credentials waiting for an admin, the longest
// waiting first (certificates no registry covers, and licenses the registry could not answer for),
// and the licenses the registry refused that she has not replaced. ?nurse={profileId} shows one
// nurse's, from her row on the dashboard.
import '~/styles/routes/admin.credentials._index.css'
import { Anchor, Container, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { z } from 'zod'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { translator } from '~/i18n/i18n.server'
import { SectionCard } from '~/components/section-card'
import { formatDay, type ViewerZone } from '~/domain/time/viewer-time'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { issuerName, longDateIn } from '~/domain/verification/credentials'
import { getNurseCredentialsForAdmin, listCredentialsToConfirm, type CredentialQueueRow } from '~/domain/verification/credentials.server'
import { PageLinks, searchAtPage } from '~/components/page-links'
import { pageOfAddress, positiveId } from '~/schemas/fields'
import { parseQuery } from '~/utils/api.server'
import { requireAdmin } from '~/utils/session.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['admin'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Credentials to Confirm – Nightlight' }, { name: 'robots', content: 'noindex' }])

const QuerySchema = z.object({ nurse: positiveId('Choose a nurse.').optional().catch(undefined) })

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const { nurse } = parseQuery(request, QuerySchema)
  const ofNurse = nurse === undefined ? null : await getNurseCredentialsForAdmin(nurse, new Date())
  if (nurse !== undefined && !ofNurse) throw new Response('Nurse not found', { status: 404 })
  // Two lists, each paged by its own parameter: ?page= those waiting, ?refused= the refused licenses.
  const [queue, zone] = await Promise.all([
    listCredentialsToConfirm({ nurseProfileId: nurse, waitingPage: pageOfAddress(request), refusedPage: pageOfAddress(request, 'refused') }),
    viewerZone(request),
  ])
  return data({ ofNurse, zone, ...queue, title: translator('admin')('credentials.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

function Row({ row, refused, zone }: { row: CredentialQueueRow; refused?: boolean; zone: ViewerZone }) {
  const { t } = useTranslation('admin')
  const name = t(`credentials.kind.${row.kind}`)
  return (
    <SectionCard id={`credential-${row.credentialId}`} title={`${row.nurseName}: ${name}`} titleMb={4}>
      <Text fz="sm">
        {issuerName(row.kind, row.issuer)}
        {row.expiresOn && ` · ${t('credentials.expires', { date: longDateIn(row.expiresOn) })}`}
        {refused && row.lookupOutcome
          ? ` · ${t('credentials.registrySays', { outcome: t(`credentials.outcome.${row.lookupOutcome}`) })}`
          : ` · ${t('credentials.listed', { date: formatDay(row.listedAt, zone) })}`}
        {refused && row.checkedAt && ` ${t('credentials.on', { date: formatDay(row.checkedAt, zone) })}`}
      </Text>
      <Anchor component={Link} to={`/admin/credentials/${row.credentialId}`} fz="sm">
        {t('credentials.review', { name: row.nurseName, credential: name })}
      </Anchor>
    </SectionCard>
  )
}

export default function CredentialsToConfirm() {
  const { ofNurse, waiting, refused, zone } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const { t } = useTranslation('admin')
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/dashboard" fz="sm">
          ← {t('common.backToDashboard')}
        </Anchor>
        <Title order={1}>{t('credentials.title')}</Title>
        {ofNurse && (
          <SectionCard id="her-credentials" title={t('credentials.hers', { name: ofNurse.name })}>
            <Stack gap={4}>
              {ofNurse.credentials.length === 0 && <Text fz="sm">{t('credentials.listedNone')}</Text>}
              {ofNurse.credentials.map((credential) => (
                <Text key={credential.id} fz="sm">
                  <Anchor component={Link} to={`/admin/credentials/${credential.id}`}>
                    {credential.standing.title}
                  </Anchor>
                  {` · ${credential.standing.label}`}
                  {credential.standing.detail && ` · ${credential.standing.detail}`}
                  {credential.replaced && ` · ${t('credentials.replaced')}`}
                </Text>
              ))}
              <Anchor component={Link} to="/admin/credentials" fz="sm" mt="xs">
                {t('credentials.everyNurse')}
              </Anchor>
            </Stack>
          </SectionCard>
        )}
        <Title order={2} fz="lg">
          {t('credentials.waiting')}
        </Title>
        <Text c="gray.7">{waiting.totalRows === 0 ? t('credentials.noneWaiting') : t('credentials.waitingCount', { count: waiting.totalRows })}</Text>
        {waiting.rows.map((row) => (
          <Row key={row.credentialId} row={row} zone={zone} />
        ))}
        {waiting.totalPages > 1 && (
          <PageLinks page={waiting.page} totalPages={waiting.totalPages} hrefFor={(page) => `/admin/credentials${searchAtPage(search, 'page', page)}`} label={t('credentials.waiting')} />
        )}
        <Title order={2} fz="lg" id="refused">
          {t('credentials.refused')}
        </Title>
        <Text c="gray.7">{refused.totalRows === 0 ? t('credentials.noneRefused') : t('credentials.refusedCount', { count: refused.totalRows })}</Text>
        {refused.rows.map((row) => (
          <Row key={row.credentialId} row={row} zone={zone} refused />
        ))}
        {refused.totalPages > 1 && (
          <PageLinks
            page={refused.page}
            totalPages={refused.totalPages}
            hrefFor={(page) => `/admin/credentials${searchAtPage(search, 'refused', page)}#refused`}
            label={t('credentials.refused')}
          />
        )}
      </Stack>
    </Container>
  )
}
