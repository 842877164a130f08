// A series paid week by week (issue 15): its charge schedule, and 'Pay now' for a declined week.
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import { Form } from '@remix-run/react'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { cardLabel, WeeklyChargeSchedule } from '~/components/weekly-charges'
import { formatCents } from '~/domain/bookings/pricing'
import { TEST_CARD_SAVED_DECLINES, TEST_CARD_SUCCEEDS } from '~/domain/payments/test-cards'
import type { BookingPageData } from './route'

export function WeeklyPaymentsCard({ page, error }: { page: BookingPageData; error: string | null }) {
  const { booking, weekly } = page
  if (!weekly) return null
  return (
    <SectionCard id="weekly-payments" title="Weekly payments" titleMb="sm">
      <WeeklyChargeSchedule
        weeks={weekly.weeks}
        timeZone={booking.timezone}
        bookingPaid={booking.status !== 'pending'}
        savedCardLabel={weekly.savedCard ? cardLabel(weekly.savedCard) : null}
      >
        {weekly.weeks
          .filter((week) => week.status === 'failed')
          .map((week) => (
            <PayWeekForm
              key={week.week}
              bookingId={booking.id}
              week={week.week}
              amountCents={week.amountCents}
              provider={weekly.provider}
              savedCard={weekly.savedCard}
              error={error}
            />
          ))}
      </WeeklyChargeSchedule>
    </SectionCard>
  )
}

/** The week waiting for payment after a decline: pay with the saved card (or, offline, a test card). */
function PayWeekForm({
  bookingId,
  week,
  amountCents,
  provider,
  savedCard,
  error,
}: {
  bookingId: number
  week: number
  amountCents: number
  provider: 'stripe' | 'test'
  savedCard: { brand: string; last4: string } | null
  error: string | null
}) {
  const label = `Pay ${formatCents(amountCents)} for week ${week}`
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="pay-week" />
      <input type="hidden" name="week" value={week} />
      <Stack gap="sm" align="flex-start">
        {error && (
          <ErrorNote title="Payment failed">{error}</ErrorNote>
        )}
        {provider === 'test' ? (
          <>
            <Text fz="sm">
              Test payments: type <code>{TEST_CARD_SUCCEEDS}</code> to pay (it becomes your saved card), or leave it
              empty to try your saved card again ({TEST_CARD_SAVED_DECLINES} is declined).
            </Text>
            <TextInput name="cardNumber" label="Card number" inputMode="numeric" autoComplete="cc-number" />
          </>
        ) : (
          !savedCard && <Text fz="sm">Save a card first, then pay here.</Text>
        )}
        <Group>
          {(savedCard || provider === 'test') && <Button type="submit">{savedCard && provider !== 'test' ? `${label} with ${cardLabel(savedCard)}` : label}</Button>}
          <Anchor component={Link} to={`/parent/payment?returnTo=${encodeURIComponent(`/parent/bookings/${bookingId}`)}`} fz="sm">
            {savedCard ? 'Use another card' : 'Save a card'}
          </Anchor>
        </Group>
      </Stack>
    </Form>
  )
}
