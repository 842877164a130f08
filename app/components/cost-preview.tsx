import { Divider, Group, Stack, Text } from '@mantine/core'
import { formatCents, priceNights } from '~/domain/pricing'

/**
 * Subtotal, Platform fee (10%) and Total for the picked nights (spec 000 §2), computed by the
 * same pricing function the server stores amounts with (DESIGN.md §7).
 */
export function CostPreview({ nightlyRateCents, nights }: { nightlyRateCents: number; nights: number }) {
  const price = priceNights(nightlyRateCents, nights)
  return (
    <Stack gap={6} aria-label="Cost preview" role="group">
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm">
          Subtotal{' '}
          <Text span c="gray.7" fz="xs">
            ({nights} {nights === 1 ? 'night' : 'nights'} × {formatCents(price.nightlyRateCents)})
          </Text>
        </Text>
        <Text fz="sm">{formatCents(price.subtotalCents)}</Text>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm">Platform fee (10%)</Text>
        <Text fz="sm">{formatCents(price.platformFeeCents)}</Text>
      </Group>
      <Divider />
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Total</Text>
        <Text fw={700} data-testid="cost-total">
          {formatCents(price.totalAmountCents)}
        </Text>
      </Group>
    </Stack>
  )
}
