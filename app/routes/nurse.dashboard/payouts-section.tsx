// The nurse's pay (issue 15), in the Bookings & Payments tab: where she is paid (connecting a test
// bank account, or Stripe's onboarding), each month's payouts with its statement, and each year's
// earnings for taxes. Every form is a real post to the dashboard's action.
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core'
import { Form } from '@remix-run/react'
import { SectionCard } from '~/components/section-card'
import { StackedTable } from '~/components/stacked-table'
import { formatCents } from '~/domain/bookings/pricing'
import { formatMonthYear, formatNightDate, localToday } from '~/domain/time/shift-times'
import type { NursePayouts } from '~/domain/payouts/nurse-payouts.server'
import { PAYABLE_AFTER_HOURS } from '~/domain/payouts/payout-rules'
import { TEST_ACCOUNT_FAILS, TEST_ACCOUNT_SUCCEEDS, TEST_ROUTING_NUMBER } from '~/domain/payments/test-cards'

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
  const { account } = payouts
  const ready = account.state === 'ready'
  return (
    <SectionCard id="payout-account" title="Payouts" titleMb="sm">
      <Stack gap="sm">
        <Text>
          Each night is paid to you {PAYABLE_AFTER_HOURS} hours after it ends, unless the family reports a problem with it;
          then it waits until our team has looked into it.
        </Text>
        {ready && (
          <Text fw={600}>
            Payouts go to your bank account{account.bankLast4 ? ` ending in ${account.bankLast4}` : ''}.
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
              {account.state === 'missing'
                ? 'Set up payouts with Stripe'
                : ready
                  ? 'Change your bank details on Stripe'
                  : 'Continue setup with Stripe'}
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
  const form = (
    <Form method="post" aria-label="Connect a test bank account">
      <input type="hidden" name="intent" value="connect-test-payout" />
      <Stack gap="sm">
        <Text fz="sm" c="gray.7">
          Test mode: no money moves. Use routing number {TEST_ROUTING_NUMBER} with account {TEST_ACCOUNT_SUCCEEDS}, or{' '}
          {TEST_ACCOUNT_FAILS} to see a payout fail.
        </Text>
        {result && (
          <Text c="red.9" fz="sm" role="alert">
            {result.error}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            name="routingNumber"
            label="Routing number"
            inputMode="numeric"
            autoComplete="off"
            required
            defaultValue={result?.routingNumber ?? ''}
          />
          <TextInput
            name="accountNumber"
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            required
            defaultValue={result?.accountNumber ?? ''}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={submitting}>
            {ready ? 'Change bank account' : 'Connect bank account'}
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
          Change bank account
        </Text>
      </summary>
      {form}
    </details>
  )
}

export function PayoutMonthsSection({ payouts }: { payouts: NursePayouts }) {
  return (
    <SectionCard id="payout-months" title="Payouts by month" titleMb="sm">
      {payouts.months.length === 0 ? (
        <Text c="gray.7">No paid nights yet. Your payouts and statements appear here month by month.</Text>
      ) : (
        <StackedTable
          columns={['Month', 'Nights', 'Paid', 'Payable', 'On hold', 'Not due yet', 'Statement']}
          minWidth={680}
          focusable={{ role: 'group', label: 'Payouts by month' }}
          striped
        >
          {payouts.months.map((month) => {
            const name = formatMonthYear(`${month.month}-01`)
            return (
              <Table.Tr key={month.month}>
                <Table.Td data-label="Month">{name}</Table.Td>
                <Table.Td data-label="Nights">{month.nights}</Table.Td>
                <Table.Td data-label="Paid">{formatCents(month.paidCents)}</Table.Td>
                <Table.Td data-label="Payable">{formatCents(month.payableCents)}</Table.Td>
                <Table.Td data-label="On hold">{formatCents(month.onHoldCents)}</Table.Td>
                <Table.Td data-label="Not due yet">{formatCents(month.upcomingCents)}</Table.Td>
                <Table.Td data-label="Statement">
                  <Group gap="xs" wrap="nowrap">
                    <Anchor href={`/nurse/statements/${month.month}.pdf`} fz="sm" aria-label={`${name} statement (PDF)`}>
                      PDF
                    </Anchor>
                    <Anchor href={`/nurse/statements/${month.month}.csv`} fz="sm" aria-label={`${name} statement (CSV)`}>
                      CSV
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </StackedTable>
      )}
      {payouts.keptDeposits.length > 0 && (
        <Stack gap={4} mt="md" component="section" aria-labelledby="kept-deposits">
          <Text fw={700} id="kept-deposits">
            Deposits kept for you
          </Text>
          {payouts.keptDeposits.map((deposit) => (
            <Text key={deposit.reservationId}>
              {deposit.parentFirstName} (due {formatNightDate(deposit.dueDate)}) cancelled within 30 days of the due date: {formatCents(deposit.payoutCents)}{' '}
              {deposit.state === 'paid' && deposit.paidAt
                ? `sent on ${formatNightDate(localToday(payouts.timezone, new Date(deposit.paidAt)))}.`
                : deposit.state === 'failed'
                  ? `could not be sent${deposit.failure ? `: ${deposit.failure}` : '.'}`
                  : 'being sent.'}
            </Text>
          ))}
        </Stack>
      )}
      {payouts.years.length > 0 && (
        <Stack gap={4} mt="md" component="section" aria-labelledby="payout-years">
          <Text fw={700} id="payout-years">
            Earnings by year, for taxes
          </Text>
          {payouts.years.map((year) => (
            <Group key={year.year} gap="sm">
              <Text>
                {year.year}: {formatCents(year.paidCents)} paid for {year.nightsPaid} {year.nightsPaid === 1 ? 'night' : 'nights'}
              </Text>
              <Anchor href={`/nurse/earnings/${year.year}.csv`} fz="sm" aria-label={`${year.year} earnings summary (CSV)`}>
                Summary (CSV)
              </Anchor>
            </Group>
          ))}
          <Text fz="xs" c="gray.7">
            By the date each payout was sent. Independent nurses report these earnings themselves; keep your statements.
          </Text>
        </Stack>
      )}
    </SectionCard>
  )
}
