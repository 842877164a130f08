// The booking's nights and its price as stored by the server (docs/money.md): the step-3 summary
// card, the confirmation page and anything else that shows a booked price.
import { Card, Divider, List, Stack, Text, Title } from '@mantine/core'
import { Trans, useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { formatNightDate, formatTime12, timeZoneName } from '~/domain/time/shift-times'
import { PriceLines } from './cost-preview'

export interface SummaryNight {
  date: string
  startTimeLocal: string
  endTimeLocal: string
}

export interface SummaryAmounts {
  nightlyRateCents: number
  /** Twins and triplets (issue 36): absent for one baby. */
  babies?: number
  extraBabyCents?: number
  subtotalCents: number
  platformFeeCents: number
  totalAmountCents: number
}

/** babiesLabel's words in the page's language: 'One baby', 'Twins', 'Triplets'. */
export function babiesWord(t: TFunction, babies: number): string {
  return t(babies === 3 ? 'babies.triplets' : babies === 2 ? 'babies.twins' : 'babies.oneBaby')
}

export function nightTimes(night: SummaryNight) {
  return `${formatTime12(night.startTimeLocal)} – ${formatTime12(night.endTimeLocal)}`
}

/** The amounts the server stored for a booking, laid out like the profile's cost preview. */
export function BookingPriceLines({ amounts, nights }: { amounts: SummaryAmounts; nights: number }) {
  const { t } = useTranslation('booking')
  return <PriceLines amounts={amounts} nights={nights} label={t('summary.priceBreakdown')} />
}

export function BookingNightList({ nights, timeZone }: { nights: readonly SummaryNight[]; timeZone: string }) {
  const { t } = useTranslation('booking')
  return (
    <Stack gap={4}>
      <List spacing={4} size="sm" aria-label={t('summary.nights')}>
        {nights.map((night) => (
          <List.Item key={night.date}>
            <Text span fw={600} fz="sm">
              {formatNightDate(night.date)}
            </Text>
            <Text span fz="sm">
              {' '}
              · {nightTimes(night)}
            </Text>
          </List.Item>
        ))}
      </List>
      <Text fz="xs" c="gray.7">
        {t('summary.timesNote', { zone: timeZoneName(timeZone) })}
      </Text>
    </Stack>
  )
}

export function BookingSummaryCard({
  nurseName,
  nights,
  timeZone,
  addressText,
  amounts,
  headingLevel = 2,
}: {
  nurseName: string
  nights: readonly SummaryNight[]
  timeZone: string
  addressText?: string | null
  amounts: SummaryAmounts
  headingLevel?: 2 | 3
}) {
  const { t } = useTranslation('booking')
  return (
    <Card>
      <Title order={headingLevel} fz="lg" mb="xs">
        {t('summary.title')}
      </Title>
      <Text fz="sm" mb="sm">
        <Trans t={t} i18nKey="summary.nightCare" values={{ nurseName, count: nights.length }} components={{ strong: <strong /> }} />
        {amounts.babies && amounts.babies > 1 ? ` · ${babiesWord(t, amounts.babies)}` : ''}
      </Text>
      <BookingNightList nights={nights} timeZone={timeZone} />
      {addressText && (
        <Text fz="sm" mt="sm">
          <strong>{t('summary.address')}</strong> {addressText}
        </Text>
      )}
      <Divider my="md" />
      <BookingPriceLines amounts={amounts} nights={nights.length} />
    </Card>
  )
}
