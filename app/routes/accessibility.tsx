// /accessibility (issue 37): the accessibility statement, and 'Report a barrier', a form that
// works before JavaScript loads and reaches every admin by e-mail.
import '~/styles/routes/accessibility.css'
import { getFormProps } from '@conform-to/react'
import { Alert, Button, Stack, Title } from '@mantine/core'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { localPath } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { TextareaField, TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { StaticPage, staticPageMeta } from '~/components/static-page'
import { useSchemaForm } from '~/components/use-schema-form'
import english from '~/content/pages/accessibility.json'
import spanish from '~/content/pages/es/accessibility.json'
import { inPageLanguage } from '~/domain/content/page-language'
import { PRIVATE_CACHE_CONTROL, textPageHeaders } from '~/utils/http-cache.server'
import { BARRIER_REPORTED_MESSAGE } from '~/domain/content/barrier-reports'
import { reportBarrier } from '~/domain/content/barrier-reports.server'
import { BarrierReportSchema } from '~/schemas/accessibility'
import { readFormData } from '~/utils/api.server'
import { useIsSubmitting } from '~/utils/auth-page'
import { parseForm } from '~/utils/forms.server'
import { clientIp, consumeAttempts, TOO_MANY_ATTEMPTS } from '~/utils/rate-limit.server'
import { getUser } from '~/utils/session.server'
import { withErrorTitle } from '~/utils/error-title'

const content = { en: english, es: spanish }

export const meta: MetaFunction = withErrorTitle((args) => staticPageMeta(inPageLanguage(content))(args))
// An anonymous visitor's page may be kept and shared (the page cache answers the next one).
export const headers = textPageHeaders
export const handle = { i18n: ['public'] }

// The answer to a sent report is that visitor's own, never kept (the page itself is: textPageHeaders).
const NOT_KEPT = { 'Cache-Control': PRIVATE_CACHE_CONTROL }

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await readFormData(request), { schema: BarrierReportSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400, headers: NOT_KEPT })
  const counted = await consumeAttempts([['barrierReportByIp', clientIp(request, context)]])
  if (!counted.ok) {
    return data({ result: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS] }), sent: false }, { status: 429, headers: { ...NOT_KEPT, 'Retry-After': String(counted.retryAfterSeconds) } })
  }
  const user = await getUser(request)
  await reportBarrier({
    description: submission.value.description,
    page: submission.value.page ?? null,
    replyTo: submission.value.email ?? user?.email ?? null,
    account: user ? { name: user.displayName, role: user.role } : null,
    at: new Date().toISOString(),
  })
  return data({ result: submission.reply({ resetForm: true }), sent: true }, { headers: NOT_KEPT })
}

export default function AccessibilityPage() {
  const actionData = useActionData<typeof action>()
  const [form, fields] = useSchemaForm(BarrierReportSchema, { lastResult: actionData?.result })
  const submitting = useIsSubmitting(localPath('/accessibility'))
  const { t } = useTranslation('public')
  const say = useServerMessage()
  return (
    <StaticPage content={inPageLanguage(content)}>
      <section aria-labelledby="report-a-barrier">
        <Title order={2} id="report-a-barrier" mb="xs">
          {t('barrier.title')}
        </Title>
        <Form method="post" action={localPath('/accessibility')} {...getFormProps(form)}>
          <Stack gap="sm" maw={560}>
            {actionData?.sent && (
              <Alert color="teal" role="status" title={t('barrier.sentTitle')}>
                {say(BARRIER_REPORTED_MESSAGE)}
              </Alert>
            )}
            <FormErrorSummary form={form} />
            <TextareaField field={fields.description} label={t('barrier.whatHappened')} description={t('barrier.whatHappenedHelp')} autosize minRows={4} required />
            <TextField field={fields.page} label={t('barrier.page')} description={t('barrier.pageHelp')} />
            <TextField field={fields.email} type="email" label={t('barrier.email')} description={t('barrier.emailHelp')} autoComplete="email" />
            <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
              {t('barrier.send')}
            </Button>
          </Stack>
        </Form>
      </section>
    </StaticPage>
  )
}
