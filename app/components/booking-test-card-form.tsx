// The built-in test provider's card form (docs/money.md): clearly labelled, with the two test
// numbers shown. A plain form post to the /book action, so it works before JavaScript loads.
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Button, Card, Code, List, Stack, Text, Title } from '@mantine/core'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrorSummary } from './error-summary'
import { TestCardPaymentSchema } from '~/schemas/booking'
import { TEST_CARD_DECLINED, TEST_CARD_SUCCEEDS } from '~/domain/payments/test-cards'
import { TextField } from './form-fields'
import { useSchemaForm } from './use-schema-form'

export function TestCardForm({
  paymentIntentId,
  clientSecret,
  payLabel,
  lastResult,
  submitting,
}: {
  paymentIntentId: string
  clientSecret: string
  payLabel: string
  lastResult?: SubmissionResult<string[]> | null
  submitting: boolean
}) {
  const { t } = useTranslation('booking')
  const [form, fields] = useSchemaForm(TestCardPaymentSchema, {
    id: 'test-card',
    lastResult,
    defaultValue: { paymentIntentId, clientSecret, cardNumber: '' },
  })
  return (
    <Card>
      <Stack gap="sm">
        <TestCardNumbers />
        <Form method="post" {...getFormProps(form)}>
          <Stack gap="sm">
            <input type="hidden" name="intent" value="test-card" />
            <input type="hidden" name={fields.paymentIntentId.name} value={paymentIntentId} />
            <input type="hidden" name={fields.clientSecret.name} value={clientSecret} />
            <FormErrorSummary form={form} title={t('testCard.paymentFailed')} />
            <TextField
              field={fields.cardNumber}
              label={t('testCard.cardNumber')}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4242 4242 4242 4242"
              required
            />
            <Button type="submit" loading={submitting} size="md">
              {payLabel}
            </Button>
          </Stack>
        </Form>
      </Stack>
    </Card>
  )
}

/** The test provider's heading and the two card numbers it knows, above each of its card forms. */
export function TestCardNumbers() {
  const { t } = useTranslation('booking')
  return (
    <>
      <Title order={3} fz="md">
        {t('testCard.title')}
      </Title>
      <Text fz="sm">{t('testCard.intro')}</Text>
      <List size="sm" spacing={4}>
        <List.Item>
          <Code>{TEST_CARD_SUCCEEDS}</Code> {t('testCard.succeeds')}
        </List.Item>
        <List.Item>
          <Code>{TEST_CARD_DECLINED}</Code> {t('testCard.declined')}
        </List.Item>
      </List>
    </>
  )
}
