// Pending Verifications and Nurses: badges, last update, the private documents (served at
// /files/{id} to the owner and admins, docs/security.md), Approve, and Reject with a reason the
// nurse will read, kept in the audit log. Reject opens a small reason form in the row; it is a link
// (?reject={id}), so it works before JavaScript loads too. The rows' texts and links are plain
// elements styled by components/row-texts.module.css: a page repeats them twenty times (decision 0081).
import { getFormProps } from '@conform-to/react'
import { Button, Group, Stack, Table, Text } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { TextField } from '~/components/form-fields'
import { Cell, StackedTable } from '~/components/stacked-table'
import { StatusBadge } from '~/components/status-badge'
import { useSchemaForm } from '~/components/use-schema-form'
import { formatLastUpdate } from '~/domain/admin/admin'
import { verificationForAdmin } from '~/domain/statuses'
import type { AdminNurseRow } from '~/domain/admin/admin.server'
import { formatPaymentDate } from '~/domain/payments/receipts'
import { UpdateNurseVerificationSchema, type AdminDashboardQuery } from '~/schemas/admin'
import { dashboardHref } from './hrefs'
import type { AdminActionFailure } from './results'
import { statusIn } from './status-words'
import texts from '~/components/row-texts.module.css'


function DocumentLink({ url, label }: { url: string | null; label: string }) {
  const { t } = useTranslation('admin')
  if (!url) return <p className={texts.dimmed}>{t('nurses.noDocument', { label })}</p>
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={texts.link}>
      {label}
    </a>
  )
}

function useBusy(nurseProfileId: number, verificationStatus: string) {
  const navigation = useNavigation()
  return (
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'update-verification' &&
    navigation.formData?.get('nurseProfileId') === String(nurseProfileId) &&
    navigation.formData?.get('verificationStatus') === verificationStatus
  )
}

function ApproveForm({ nurse }: { nurse: AdminNurseRow }) {
  const busy = useBusy(nurse.nurseProfileId, 'approved')
  const { t } = useTranslation('admin')
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="update-verification" />
      <input type="hidden" name="nurseProfileId" value={nurse.nurseProfileId} />
      <input type="hidden" name="verificationStatus" value="approved" />
      <Button type="submit" size="xs" color="teal.9" loading={busy}>
        {t('nurses.approve')}
      </Button>
    </Form>
  )
}

function RejectForm({
  nurse,
  failure,
  cancelHref,
}: {
  nurse: AdminNurseRow
  failure: AdminActionFailure | undefined
  cancelHref: string
}) {
  const busy = useBusy(nurse.nurseProfileId, 'rejected')
  const [form, fields] = useSchemaForm(UpdateNurseVerificationSchema, {
    id: `reject-${nurse.nurseProfileId}`,
    lastResult: failure?.result,
    shouldValidate: 'onSubmit',
  })
  const { t } = useTranslation('admin')
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="update-verification" />
      <input type="hidden" name="nurseProfileId" value={nurse.nurseProfileId} />
      <input type="hidden" name="verificationStatus" value="rejected" />
      <Stack gap={6} mt="xs">
        <TextField
          field={fields.reason}
          label={t('nurses.rejectReason', { name: nurse.displayName })}
          description={t('nurses.rejectReasonHint')}
          size="xs"
          maxLength={1000}
          autoFocus
        />
        <Group gap="xs">
          <Button type="submit" size="xs" color="red.8" loading={busy}>
            {t('nurses.confirmRejection')}
          </Button>
          <Button component={Link} to={cancelHref} size="xs" variant="default" preventScrollReset>
            {t('nurses.cancel')}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

export function NursesTable({
  nurses,
  query,
  now,
  failure,
  emptyText,
}: {
  nurses: AdminNurseRow[]
  query: AdminDashboardQuery
  now: Date
  failure: AdminActionFailure | undefined
  emptyText: string
}) {
  const { t } = useTranslation('admin')
  const say = useServerMessage()
  if (nurses.length === 0) return <Text c="dimmed">{emptyText}</Text>
  const COLUMNS = [t('nurses.nurse'), t('nurses.location'), t('nurses.status'), t('nurses.lastUpdate'), t('nurses.documents'), t('nurses.actions')]
  const hrefWith = (reject: number | undefined) => dashboardHref({ tab: query.tab, page: query.page, reject })
  return (
    <StackedTable columns={COLUMNS} minWidth={900} striped verticalSpacing="sm">
      {nurses.map((nurse) => {
        const status = statusIn(verificationForAdmin(nurse.verificationStatus), t)
        const rejecting = query.reject === nurse.nurseProfileId
        const rowFailure =
          failure?.intent === 'update-verification' && failure.entityId === nurse.nurseProfileId ? failure : undefined
        return (
          <Table.Tr key={nurse.nurseProfileId}>
            <Cell data-label={COLUMNS[0]} wide>
              {/* Her account page: suspend or reinstate her, with the history (issue 38). */}
              <Link to={`/admin/members/${nurse.userId}`} className={texts.name} aria-label={t('nurses.accountLabel', { name: nurse.displayName })}>
                {nurse.displayName}
              </Link>
              <p className={texts.dimmed}>{nurse.email}</p>
              <p className={texts.dimmed}>{t('nurses.memberSince', { date: formatPaymentDate(nurse.memberSince) })}</p>
            </Cell>
            <Cell data-label={COLUMNS[1]}>{nurse.baseLocation || '—'}</Cell>
            <Cell data-label={COLUMNS[2]}>
              <div>
                <StatusBadge status={status} />
                {nurse.suspendedAt && <p className={texts.warning}>{t('nurses.accountSuspended')}</p>}
                {nurse.verificationStatus === 'rejected' && nurse.rejectionReason && (
                  <p className={texts.note}>{t('nurses.reason', { reason: nurse.rejectionReason })}</p>
                )}
              </div>
            </Cell>
            <Cell data-label={COLUMNS[3]}>
              <p className={texts.text}>{formatLastUpdate(nurse.profileUpdatedAt, now, t)}</p>
            </Cell>
            <Cell data-label={COLUMNS[4]}>
              {/* Apart enough that each link keeps a 24 px target of its own (WCAG 2.2, 2.5.8). */}
              <Stack gap={6}>
                <DocumentLink url={nurse.idDocumentUrl} label={t('nurses.idDocument')} />
                <DocumentLink url={nurse.certificationDocumentUrl} label={t('nurses.certification')} />
                {/* Her dated credentials, each with its document and the decision (docs/decisions/0062). */}
                <Link to={`/admin/credentials?nurse=${nurse.nurseProfileId}`} className={texts.link}>
                  {t('nurses.datedCredentials')}
                </Link>
              </Stack>
            </Cell>
            <Cell data-label={COLUMNS[5]} wide>
              <Group gap="xs" wrap="nowrap">
                {nurse.verificationStatus !== 'approved' && <ApproveForm nurse={nurse} />}
                {nurse.verificationStatus !== 'rejected' && !rejecting && (
                  <Button
                    component={Link}
                    to={hrefWith(nurse.nurseProfileId)}
                    size="xs"
                    color="red"
                    variant="light"
                    c="red.9"
                    preventScrollReset
                  >
                    {t('nurses.reject')}
                  </Button>
                )}
              </Group>
              {rowFailure && !rowFailure.result && (
                <Text fz="xs" c="red.8" role="alert" mt={4}>
                  {say(rowFailure.error)}
                </Text>
              )}
              {rejecting && <RejectForm nurse={nurse} failure={rowFailure} cancelHref={hrefWith(undefined)} />}
            </Cell>
          </Table.Tr>
        )
      })}
    </StackedTable>
  )
}
