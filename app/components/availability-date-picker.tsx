// The calendar of a nurse's open nights, in its own chunk with @mantine/dates and its stylesheet
// (decision 0023): the profile shows it only once hydrated (before that, the checklist form of
// availability-calendar.tsx), so neither its code nor its 3 KB of CSS delays the first paint.
import '@mantine/dates/styles.css'
import 'dayjs/locale/es'
import { DatePicker } from '@mantine/dates'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatNightDate } from '~/domain/time/shift-times'
import type { OpenNightOption } from './availability-calendar'

/**
 * The nurse's open nights on a calendar: only open, future dates can be picked, the
 * week starts on Sunday, and clicking a picked date unpicks it.
 */
export function AvailabilityCalendar({
  openNights,
  today,
  value,
  onChange,
}: {
  openNights: readonly OpenNightOption[]
  /** The nurse's local date today (yyyy-MM-dd). */
  today: string
  value: string[]
  onChange: (dates: string[]) => void
}) {
  const { t, i18n } = useTranslation()
  const open = useMemo(() => new Set(openNights.map((night) => night.date)), [openNights])
  const first = openNights[0]?.date
  const last = openNights[openNights.length - 1]?.date
  return (
    <DatePicker
      type="multiple"
      value={value}
      onChange={(dates) => onChange([...dates].sort())}
      firstDayOfWeek={0}
      hideOutsideDates
      minDate={today}
      maxDate={last && last > today ? last : today}
      // The month of the first picked night (the nights searched for), else of the first open one.
      defaultDate={value[0] ?? first ?? today}
      excludeDate={(date) => !open.has(date)}
      locale={i18n.language === 'es' ? 'es' : 'en'}
      getDayAriaLabel={(date) => t(open.has(date) ? 'nights.dayAvailable' : 'nights.dayNotAvailable', { date: formatNightDate(date) })}
      ariaLabels={{ nextMonth: t('nights.nextMonth'), previousMonth: t('nights.previousMonth') }}
      size="md"
      styles={{ day: { fontWeight: 500 } }}
      getDayProps={(date) => (open.has(date) && !value.includes(date) ? { style: { color: 'var(--mantine-color-night-8)', backgroundColor: 'var(--mantine-color-night-0)' } } : {})}
    />
  )
}
