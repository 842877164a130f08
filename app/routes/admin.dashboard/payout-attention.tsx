// What needs an admin in the payments tab (issue 15): nights whose payout a family's problem
// report holds (release to the nurse, or refund the family), and payouts that failed (retry).
// Plain posts to the dashboard's action: they work without JavaScript.
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import { Form } from '@remix-run/react'
import { formatBookingReference } from '~/domain/bookings/booking-rules'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate } from '~/domain/payments/receipts'
import { formatNightDate } from '~/domain/time/shift-times'
import type { FailedPayout, HeldNight } from '~/domain/payouts/payouts.server'
import type { AdminActionFailure } from './results'

export function PayoutAttention({
  holds,
  failures,
  failure,
}: {
  holds: HeldNight[]
  failures: FailedPayout[]
  failure: AdminActionFailure | undefined
}) {
  if (holds.length === 0 && failures.length === 0) return null
  return (
    <Stack gap="md" mb="lg">
      {holds.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="payout-holds">
          <Title order={3} fz="lg" id="payout-holds">
            Payouts on hold ({holds.length})
          </Title>
          {holds.map((hold) => (
            <Card key={hold.problemId} withBorder padding="md">
              <Stack gap="xs">
                <Text fw={600}>
                  {formatNightDate(hold.date)} · {hold.nurseName} for {hold.parentName} ·{' '}
                  {formatBookingReference(hold.bookingId)}
                </Text>
                <Text fz="sm" c="gray.7">
                  Reported {formatPaymentDate(hold.reportedAt)}
                </Text>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{hold.description}</Text>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="resolve-problem" />
                  <input type="hidden" name="problemId" value={hold.problemId} />
                  <Stack gap="xs">
                    <Textarea
                      name="note"
                      label="Decision note (kept in the audit log)"
                      required
                      maxLength={1000}
                      autosize
                      minRows={2}
                      error={failure?.intent === 'resolve-problem' && failure.entityId === hold.problemId ? failure.error : undefined}
                    />
                    <Group gap="sm">
                      <Button type="submit" name="decision" value="release" variant="default">
                        Release payout to the nurse
                      </Button>
                      <Button type="submit" name="decision" value="refund" color="red" variant="light" c="red.9">
                        Refund {formatCents(hold.refundableCents)} to the family
                      </Button>
                    </Group>
                  </Stack>
                </Form>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {failures.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="payout-failures">
          <Title order={3} fz="lg" id="payout-failures">
            Failed payouts ({failures.length})
          </Title>
          {failures.map((payout) => (
            <Card key={payout.paymentId} withBorder padding="md">
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={2}>
                  <Text fw={600}>
                    {formatCents(payout.amountCents)} to {payout.nurseName}
                    {payout.date ? ` for ${formatNightDate(payout.date)}` : ''} · {formatBookingReference(payout.bookingId)}
                  </Text>
                  <Text fz="sm" c="red.9">
                    {payout.failureMessage ?? 'The provider refused the transfer.'}
                  </Text>
                  {failure?.intent === 'retry-payout' && failure.entityId === payout.paymentId && (
                    <ErrorNote p="xs">{failure.error}</ErrorNote>
                  )}
                </Stack>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="retry-payout" />
                  <input type="hidden" name="paymentId" value={payout.paymentId} />
                  <Button type="submit" variant="default">
                    Retry payout
                  </Button>
                </Form>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
