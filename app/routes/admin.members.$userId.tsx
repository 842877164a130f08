import '~/styles/routes/admin.members.$userId.css'
import { Anchor, Badge, Box, Button, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { ToastWithoutScripts } from '~/components/toast-without-scripts'
import { SectionCard } from '~/components/section-card'
import { getMemberAccount, reinstateUser, suspendUser } from '~/domain/accounts/suspensions.server'
import { parseIdParam } from '~/schemas/fields'
import { AccountStandingSchema } from '~/schemas/account-standing'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { requireAdmin } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['admin'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data: loaderData }) => [{ title: loaderData?.title ?? 'Member Account – Nightlight' }, { name: 'robots', content: 'noindex' }])

const MEMBER_NOT_FOUND = 'This account could not be found.'

// Written in UTC and named so, the same on the server and in the browser.
const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC'

// A member's account for admins (issue 38 item 1): who she is, whether she is suspended and why,
// and the form that suspends or reinstates her, each with a reason kept in the audit log.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const id = parseIdParam(params.userId)
  const member = id ? await getMemberAccount(id) : null
  if (!member) throw data({ message: MEMBER_NOT_FOUND }, { status: 404 })
  return data({ member, title: translator('admin')('member.metaTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request)
  const id = parseIdParam(params.userId)
  // The account is the one of the address, whatever the form says.
  const formData = await readFormData(request)
  formData.delete('userId')
  if (id) formData.set('userId', String(id))
  const submission = parseForm(formData, { schema: AccountStandingSchema })
  if (submission.status !== 'success') return data({ error: firstError(submission.error) }, { status: id ? 400 : 404 })
  const { intent, userId, reason } = submission.value
  const result = intent === 'suspend' ? await suspendUser(admin.id, userId, reason) : await reinstateUser(admin.id, userId, reason)
  if (!result.ok) return data({ error: result.error }, { status: result.status })
  const message = intent === 'suspend' ? 'The account is suspended and signed out.' : 'The account is reinstated: it can sign in again.'
  throw await redirectWithToast(`/admin/members/${userId}`, { type: 'success', message: translateMessage(message) })
}

export default function MemberAccountPage() {
  const { member } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const suspended = Boolean(member.suspendedAt)
  const first = member.name.split(' ')[0] || member.name
  const { t } = useTranslation('admin')
  const say = useServerMessage()
  const roleName = member.role === 'parent' ? t('member.roleFamily') : member.role === 'nurse' ? t('member.roleNurse') : t('member.roleAdmin')
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to={member.role === 'nurse' ? '/admin/dashboard?tab=nurses' : '/admin/dashboard'} fz="sm">
          ← {t('common.backToDashboard')}
        </Anchor>
        <Title order={1} fz={28}>
          {member.name}
        </Title>
        <ToastWithoutScripts />
        <SectionCard id="account" title={t('member.account')} titleMb="xs">
          <Stack gap={4}>
            <Text style={{ overflowWrap: 'anywhere' }}>{member.email}</Text>
            <Text fz="sm" c="gray.7">
              {t('member.roleSince', { role: roleName, date: when(member.createdAt) })}
            </Text>
            <Group gap="xs" mt={4}>
              {suspended ? (
                <Badge color="red" variant="light" c="red.9" tt="none">
                  {t('member.suspended')}
                </Badge>
              ) : (
                <Badge color="teal" variant="outline" c="teal.9" tt="none">
                  {t('member.active')}
                </Badge>
              )}
            </Group>
            {suspended && member.suspendedAt && (
              <Text fz="sm">
                {t('member.suspendedOn', { date: when(member.suspendedAt), reason: member.suspendedReason ?? '' })}
              </Text>
            )}
          </Stack>
        </SectionCard>
        {member.role !== 'admin' && (
          <SectionCard id="standing" title={suspended ? t('member.reinstate', { name: first }) : t('member.suspend', { name: first })} titleMb="xs">
            {/* Keyed by what it does: after a suspension the reinstate form starts empty. */}
            <Form method="post" key={suspended ? 'reinstate' : 'suspend'}>
              <input type="hidden" name="intent" value={suspended ? 'reinstate' : 'suspend'} />
              <Stack gap="xs">
                <Text fz="sm">
                  {suspended
                    ? t('member.reinstateText')
                    : t('member.suspendText')}
                </Text>
                {actionData?.error && (
                  <ErrorNote>{say(actionData.error)}</ErrorNote>
                )}
                <Textarea name="reason" label={suspended ? t('member.whyReinstate') : t('member.whySuspend')} required autosize minRows={2} maxLength={500} />
                <Group>
                  <Button type="submit" variant={suspended ? 'filled' : 'outline'} color={suspended ? undefined : 'red.9'} loading={navigation.state === 'submitting'}>
                    {suspended ? t('member.reinstate', { name: first }) : t('member.suspend', { name: first })}
                  </Button>
                </Group>
              </Stack>
            </Form>
          </SectionCard>
        )}
        <SectionCard id="history" title={t('member.history')} titleMb="xs">
          {member.history.length === 0 ? (
            <Text fz="sm" c="gray.7">
              {t('member.none')}
            </Text>
          ) : (
            <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {member.history.map((entry) => (
                <Box component="li" key={entry.id}>
                  <Text fz="sm">
                    <strong>{entry.change === 'Suspended' ? t('member.suspended') : entry.change === 'Reinstated' ? t('member.reinstated') : entry.change}</strong>{' '}
                    {t('member.historyLine', { date: when(entry.at), by: entry.by, reason: entry.reason })}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
        </SectionCard>
      </Stack>
    </Container>
  )
}
