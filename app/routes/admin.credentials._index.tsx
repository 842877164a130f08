// /admin/credentials (docs/decisions/0062): the credentials waiting for an admin, the longest
// waiting first (certificates no registry covers, and licenses the registry could not answer for),
// and the licenses the registry refused that she has not replaced. ?nurse={profileId} shows one
// nurse's, from her row on the dashboard.
import '~/styles/routes/admin.credentials._index.css'
import { Anchor, Container, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { CREDENTIAL_KIND_NAMES } from '~/domain/verification/credential-life-cycle'
import { formatDay, type ViewerZone } from '~/domain/time/viewer-time'
import { viewerZone } from '~/domain/time/viewer-time.server'
import { issuerName, longDate } from '~/domain/verification/credentials'
import { getNurseCredentialsForAdmin, listCredentialsToConfirm, type CredentialQueueRow } from '~/domain/verification/credentials.server'
import { positiveId } from '~/schemas/fields'
import { parseQuery } from '~/utils/api.server'
import { requireAdmin } from '~/utils/session.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Credentials to Confirm – Nightlight' }, { name: 'robots', content: 'noindex' }]

const QuerySchema = z.object({ nurse: positiveId('Choose a nurse.').optional().catch(undefined) })

const OUTCOME_WORDS = { not_found: 'not found in the registry', encumbered: 'encumbered', expired: 'expired', active: 'active' } as const

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const { nurse } = parseQuery(request, QuerySchema)
  const ofNurse = nurse === undefined ? null : await getNurseCredentialsForAdmin(nurse, new Date())
  if (nurse !== undefined && !ofNurse) throw new Response('Nurse not found', { status: 404 })
  const [queue, zone] = await Promise.all([listCredentialsToConfirm({ nurseProfileId: nurse }), viewerZone(request)])
  return data({ ofNurse, zone, ...queue }, { headers: { 'Cache-Control': 'private, no-store' } })
}

function Row({ row, refused, zone }: { row: CredentialQueueRow; refused?: boolean; zone: ViewerZone }) {
  const name = CREDENTIAL_KIND_NAMES[row.kind]
  return (
    <SectionCard id={`credential-${row.credentialId}`} title={`${row.nurseName}: ${name}`} titleMb={4}>
      <Text fz="sm">
        {issuerName(row.kind, row.issuer)}
        {row.expiresOn && ` · expires ${longDate(row.expiresOn)}`}
        {refused && row.lookupOutcome ? ` · the registry says ${OUTCOME_WORDS[row.lookupOutcome]}` : ` · listed ${formatDay(row.listedAt, zone)}`}
        {refused && row.checkedAt && ` on ${formatDay(row.checkedAt, zone)}`}
      </Text>
      <Anchor component={Link} to={`/admin/credentials/${row.credentialId}`} fz="sm">
        Review {row.nurseName}&rsquo;s {name}
      </Anchor>
    </SectionCard>
  )
}

export default function CredentialsToConfirm() {
  const { ofNurse, waiting, refused, zone } = useLoaderData<typeof loader>()
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/dashboard" fz="sm">
          ← Back to the admin dashboard
        </Anchor>
        <Title order={1}>Credentials to Confirm</Title>
        {ofNurse && (
          <SectionCard id="her-credentials" title={`${ofNurse.name}’s credentials`}>
            <Stack gap={4}>
              {ofNurse.credentials.length === 0 && <Text fz="sm">She has listed none.</Text>}
              {ofNurse.credentials.map((credential) => (
                <Text key={credential.id} fz="sm">
                  <Anchor component={Link} to={`/admin/credentials/${credential.id}`}>
                    {credential.standing.title}
                  </Anchor>
                  {` · ${credential.standing.label}`}
                  {credential.standing.detail && ` · ${credential.standing.detail}`}
                  {credential.replaced && ' · replaced by a newer one'}
                </Text>
              ))}
              <Anchor component={Link} to="/admin/credentials" fz="sm" mt="xs">
                Every nurse&rsquo;s credentials to confirm
              </Anchor>
            </Stack>
          </SectionCard>
        )}
        <Title order={2} fz="lg">
          Waiting for an admin
        </Title>
        {waiting.length === 0 && <Text c="gray.7">No credential is waiting.</Text>}
        {waiting.map((row) => (
          <Row key={row.credentialId} row={row} zone={zone} />
        ))}
        <Title order={2} fz="lg">
          Licenses the registry refused
        </Title>
        {refused.length === 0 && <Text c="gray.7">No license is refused.</Text>}
        {refused.map((row) => (
          <Row key={row.credentialId} row={row} zone={zone} refused />
        ))}
      </Stack>
    </Container>
  )
}
