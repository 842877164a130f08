import { Divider, Group, Stack, Text } from '@mantine/core'
import { formatCents, priceNights, type PriceBreakdown } from '~/domain/bookings/pricing'

type Amounts = Pick<PriceBreakdown, 'nightlyRateCents' | 'subtotalCents' | 'platformFeeCents' | 'totalAmountCents'>

/** Subtotal (n nights × rate), Platform fee (10%) and Total: one layout for previews and bookings. */
export function PriceLines({ amounts, nights, label }: { amounts: Amounts; nights: number; label: string }) {
  return (
    <Stack gap={6} aria-label={label} role="group">
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm">
          Subtotal{' '}
          <Text span c="gray.7" fz="xs">
            ({nights} {nights === 1 ? 'night' : 'nights'} × {formatCents(amounts.nightlyRateCents)})
          </Text>
        </Text>
        <Text fz="sm">{formatCents(amounts.subtotalCents)}</Text>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm">Platform fee (10%)</Text>
        <Text fz="sm">{formatCents(amounts.platformFeeCents)}</Text>
      </Group>
      <Divider />
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Total</Text>
        <Text fw={700}>{formatCents(amounts.totalAmountCents)}</Text>
      </Group>
    </Stack>
  )
}

/**
 * The cost preview of picked nights (Subtotal, Platform fee (10%), Total), computed by the same
 * pricing function the server stores amounts with (docs/money.md).
 */
export function CostPreview({ nightlyRateCents, nights }: { nightlyRateCents: number; nights: number }) {
  return <PriceLines amounts={priceNights(nightlyRateCents, nights)} nights={nights} label="Cost preview" />
}
