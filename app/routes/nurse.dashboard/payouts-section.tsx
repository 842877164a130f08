// The nurse's pay (issue 15), in the Bookings & Payments tab: where she is paid (connecting a test
// bank account, or Stripe's onboarding), each month's payouts with its statement, and each year's
// earnings for taxes. Every form is a real post to the dashboard's action.
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import { SectionCard } from '~/components/section-card'
import { Cell, StackedTable } from '~/components/stacked-table'
import { formatCents } from '~/domain/bookings/pricing'
import { formatMonthYear, formatNightDate, localToday } from '~/domain/time/shift-times'
import type { NursePayouts } from '~/domain/payouts/nurse-payouts.server'
import { PAYABLE_AFTER_HOURS } from '~/domain/payouts/payout-rules'
import { TEST_ACCOUNT_FAILS, TEST_ACCOUNT_SUCCEEDS, TEST_ROUTING_NUMBER } from '~/domain/payments/test-cards'
import texts from '~/components/row-texts.module.css'

export interface PayoutFormResult {
  error: string
  routingNumber: string
  accountNumber: string
}

export function PayoutAccountSection({
  payouts,
  provider,
  formResult,
  submitting,
}: {
  payouts: NursePayouts
  provider: 'stripe' | 'test'
  formResult: PayoutFormResult | null
  submitting: boolean
}) {
  const { t } = useTranslation('nurse')
  const { account } = payouts
  const ready = account.state === 'ready'
  return (
    <SectionCard id="payout-account" title={t('payouts.title')} titleMb="sm">
      <Stack gap="sm">
        <Text>{t('payouts.rule', { hours: PAYABLE_AFTER_HOURS })}</Text>
        {ready && (
          <Text fw={600}>
            {account.bankLast4 ? t('payouts.goToEnding', { last4: account.bankLast4 }) : t('payouts.goTo')}
          </Text>
        )}
        {account.advice && (
          <Alert color={ready ? 'red' : 'yellow'} variant="light" c="dark.8" role={ready ? 'alert' : 'status'}>
            {account.advice}
          </Alert>
        )}
        {provider === 'stripe' ? (
          <Form method="post">
            <input type="hidden" name="intent" value="start-payout-onboarding" />
            {formResult && (
              <Text c="red.9" fz="sm" role="alert" mb="xs">
                {formResult.error}
              </Text>
            )}
            <Button type="submit" variant={ready ? 'default' : 'filled'} loading={submitting}>
              {account.state === 'missing' ? t('payouts.stripeSetUp') : ready ? t('payouts.stripeChange') : t('payouts.stripeContinue')}
            </Button>
          </Form>
        ) : (
          <TestBankForm ready={ready} result={formResult} submitting={submitting} />
        )}
      </Stack>
    </SectionCard>
  )
}

/** The built-in test provider: a bank account 'connected' with Stripe's test numbers, no network. */
function TestBankForm({ ready, result, submitting }: { ready: boolean; result: PayoutFormResult | null; submitting: boolean }) {
  const { t } = useTranslation('nurse')
  const form = (
    <Form method="post" aria-label={t('payouts.testFormName')}>
      <input type="hidden" name="intent" value="connect-test-payout" />
      <Stack gap="sm">
        <Text fz="sm" c="gray.7">
          {t('payouts.testMode', { routing: TEST_ROUTING_NUMBER, succeeds: TEST_ACCOUNT_SUCCEEDS, fails: TEST_ACCOUNT_FAILS })}
        </Text>
        {result && (
          <Text c="red.9" fz="sm" role="alert">
            {result.error}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            name="routingNumber"
            label={t('payouts.routingNumber')}
            inputMode="numeric"
            autoComplete="off"
            required
            defaultValue={result?.routingNumber ?? ''}
          />
          <TextInput
            name="accountNumber"
            label={t('payouts.accountNumber')}
            inputMode="numeric"
            autoComplete="off"
            required
            defaultValue={result?.accountNumber ?? ''}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={submitting}>
            {ready ? t('payouts.changeBank') : t('payouts.connectBank')}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
  // A connected nurse opens the form when she wants to change her account; a refusal keeps it open.
  if (!ready || result) return form
  return (
    <details>
      <summary>
        <Text component="span" fz="sm" fw={600}>
          {t('payouts.changeBank')}
        </Text>
      </summary>
      {form}
    </details>
  )
}

export function PayoutMonthsSection({ payouts }: { payouts: NursePayouts }) {
  const { t } = useTranslation('nurse')
  const say = useServerMessage()
  const columns = {
    month: t('payouts.colMonth'),
    nights: t('payouts.colNights'),
    paid: t('payouts.colPaid'),
    payable: t('payouts.colPayable'),
    onHold: t('payouts.colOnHold'),
    notDue: t('payouts.colNotDue'),
    statement: t('payouts.colStatement'),
  }
  return (
    <SectionCard id="payout-months" title={t('payouts.byMonth')} titleMb="sm">
      {payouts.months.length === 0 ? (
        <Text c="gray.7">{t('payouts.noMonths')}</Text>
      ) : (
        <StackedTable
          columns={Object.values(columns)}
          minWidth={680}
          focusable={{ role: 'group', label: t('payouts.byMonth') }}
          striped
        >
          {payouts.months.map((month) => {
            const name = formatMonthYear(`${month.month}-01`)
            return (
              <Table.Tr key={month.month}>
                <Cell data-label={columns.month}>{name}</Cell>
                <Cell data-label={columns.nights}>{month.nights}</Cell>
                <Cell data-label={columns.paid}>{formatCents(month.paidCents)}</Cell>
                <Cell data-label={columns.payable}>{formatCents(month.payableCents)}</Cell>
                <Cell data-label={columns.onHold}>{formatCents(month.onHoldCents)}</Cell>
                <Cell data-label={columns.notDue}>{formatCents(month.upcomingCents)}</Cell>
                <Cell data-label={columns.statement}>
                  <div className={texts.group}>
                    <a href={`/nurse/statements/${month.month}.pdf`} className={texts.link} aria-label={t('payouts.statementPdf', { month: name })}>
                      PDF
                    </a>
                    <a href={`/nurse/statements/${month.month}.csv`} className={texts.link} aria-label={t('payouts.statementCsv', { month: name })}>
                      CSV
                    </a>
                  </div>
                </Cell>
              </Table.Tr>
            )
          })}
        </StackedTable>
      )}
      {payouts.keptDeposits.length > 0 && (
        <Stack gap={4} mt="md" component="section" aria-labelledby="kept-deposits">
          <Text fw={700} id="kept-deposits">
            {t('payouts.keptTitle')}
          </Text>
          {payouts.keptDeposits.map((deposit) => (
            <Text key={deposit.reservationId}>
              {t('payouts.keptLine', {
                name: deposit.parentFirstName,
                due: formatNightDate(deposit.dueDate),
                amount: formatCents(deposit.payoutCents),
              })}{' '}
              {deposit.state === 'paid' && deposit.paidAt
                ? t('payouts.keptSent', { date: formatNightDate(localToday(payouts.timezone, new Date(deposit.paidAt))) })
                : deposit.state === 'failed'
                  ? deposit.failure
                    ? t('payouts.keptFailedWhy', { failure: say(deposit.failure) })
                    : t('payouts.keptFailed')
                  : t('payouts.keptSending')}
            </Text>
          ))}
        </Stack>
      )}
      {payouts.years.length > 0 && (
        <Stack gap={4} mt="md" component="section" aria-labelledby="payout-years">
          <Text fw={700} id="payout-years">
            {t('payouts.yearsTitle')}
          </Text>
          {payouts.years.map((year) => (
            <Group key={year.year} gap="sm">
              <Text>{t('payouts.yearLine', { year: String(year.year), amount: formatCents(year.paidCents), count: year.nightsPaid })}</Text>
              <Anchor href={`/nurse/earnings/${year.year}.csv`} fz="sm" aria-label={t('payouts.yearCsvName', { year: String(year.year) })}>
                {t('payouts.yearCsv')}
              </Anchor>
            </Group>
          ))}
          <Text fz="xs" c="gray.7">
            {t('payouts.yearsNote')}
          </Text>

        </Stack>
      )}
    </SectionCard>
  )
}
