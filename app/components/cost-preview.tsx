import { Divider, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { babiesPriceLine } from '~/domain/bookings/babies'
import { formatCents, nightPriceCents, priceNights, type PriceBreakdown } from '~/domain/bookings/pricing'

type Amounts = Pick<PriceBreakdown, 'nightlyRateCents' | 'subtotalCents' | 'platformFeeCents' | 'totalAmountCents'> &
  Partial<Pick<PriceBreakdown, 'babies' | 'extraBabyCents'>>

/**
 * Subtotal (n nights × the night's price), Platform fee (10%) and Total: one layout for previews
 * and bookings. Twins or triplets add their line ('Twins · +$80 a night') and the night's price
 * includes the extra, by the one pricing rule (docs/money.md).
 */
export function PriceLines({ amounts, nights, label }: { amounts: Amounts; nights: number; label: string }) {
  const { t } = useTranslation()
  const babies = { babies: amounts.babies ?? 1, extraBabyCents: amounts.extraBabyCents ?? 0 }
  const perNight = nightPriceCents(amounts.nightlyRateCents, babies)
  const twinLine = babiesPriceLine(babies.babies, babies.extraBabyCents, t)
  return (
    <Stack gap={6} aria-label={label} role="group">
      {twinLine && (
        <Group justify="space-between" wrap="nowrap">
          <Text fz="sm">{twinLine}</Text>
          <Text fz="sm" c="gray.7">
            {t('price.baseRate', { amount: formatCents(amounts.nightlyRateCents) })}
          </Text>
        </Group>
      )}
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm">
          {t('price.subtotal')}{' '}
          <Text span c="gray.7" fz="xs">
            {t('price.nightsTimes', { count: nights, amount: formatCents(perNight) })}
          </Text>
        </Text>
        <Text fz="sm">{formatCents(amounts.subtotalCents)}</Text>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm">{t('price.platformFee')}</Text>
        <Text fz="sm">{formatCents(amounts.platformFeeCents)}</Text>
      </Group>
      <Divider />
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>{t('price.total')}</Text>
        <Text fw={700}>{formatCents(amounts.totalAmountCents)}</Text>
      </Group>
    </Stack>
  )
}

/**
 * The cost preview of picked nights (Subtotal, Platform fee (10%), Total), computed by the same
 * pricing function the server stores amounts with (docs/money.md), for one baby or twins/triplets.
 */
export function CostPreview({
  nightlyRateCents,
  nights,
  babies = 1,
  extraBabyCents = 0,
}: {
  nightlyRateCents: number
  nights: number
  babies?: number
  extraBabyCents?: number
}) {
  const { t } = useTranslation()
  const extra = babies > 1 ? extraBabyCents : 0
  return <PriceLines amounts={priceNights(nightlyRateCents, nights, { babies, extraBabyCents: extra })} nights={nights} label={t('price.costPreview')} />
}
