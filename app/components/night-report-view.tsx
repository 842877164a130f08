// A morning night report as the family reads it (issue 16): the night, a one-line summary, the
// feeds and sleep stretches in the order of the night, the diapers and the nurse's note.
import { Box, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { NightReportFeed, NightReportSleep } from '~/db/schema'
import { formatNightDate, formatTime12 } from '~/domain/time/shift-times'
import {
  type FEED_KINDS,
  formatDuration,
  formatOunces,
  inNightOrder,
  reportSummary,
  sleepMinutes,
} from '~/domain/night-reports/night-report-rules'

// The feed kinds' words (night-report-rules.ts's FEED_KINDS) in the page's language.
const FEED_KIND_KEYS: Record<keyof typeof FEED_KINDS, string> = {
  breast_milk: 'report.feedBreastMilk',
  formula: 'report.feedFormula',
  nursing: 'report.feedNursed',
}

export interface NightReportData {
  occurrenceId: number
  date: string
  startTimeLocal: string
  endTimeLocal: string
  feeds: NightReportFeed[]
  wetDiapers: number
  dirtyDiapers: number
  sleeps: NightReportSleep[]
  notes: string
}

export function NightReportView({
  report,
  nurseName,
  headingLevel = 3,
  noteLabel,
}: {
  report: NightReportData
  nurseName: string
  headingLevel?: 2 | 3 | 4
  /** 'Nora's note:' for the family; the nurse reads her own as 'Your note:'. */
  noteLabel?: string
}) {
  const { t } = useTranslation('parent')
  const feeds = inNightOrder(report.feeds, (feed) => feed.time, report.startTimeLocal)
  const sleeps = inNightOrder(report.sleeps, (sleep) => sleep.from, report.startTimeLocal)
  return (
    <Box component="article" id={`report-${report.occurrenceId}`} aria-labelledby={`report-${report.occurrenceId}-title`}>
      <Stack gap={6}>
        <Title order={headingLevel} fz="md" id={`report-${report.occurrenceId}-title`}>
          {formatNightDate(report.date)}, {formatTime12(report.startTimeLocal)} – {formatTime12(report.endTimeLocal)}
        </Title>
        <Text fz="sm" fw={600}>
          {reportSummary(report, t)}
        </Text>
        {feeds.length > 0 && (
          <Box>
            <Text fz="sm" c="gray.7">
              {t('report.feeds')}
            </Text>
            <Box component="ul" m={0} pl="md">
              {feeds.map((feed, i) => (
                <Text component="li" fz="sm" key={i}>
                  {formatTime12(feed.time)}: {t(FEED_KIND_KEYS[feed.kind])}
                  {feed.ounces !== null && feed.kind !== 'nursing' ? `, ${t('report.ounces', { ounces: formatOunces(feed.ounces) })}` : ''}
                </Text>
              ))}
            </Box>
          </Box>
        )}
        <Text fz="sm">
          <Text span inherit c="gray.7">
            {t('report.diapers')}
          </Text>{' '}
          {t('report.diaperCounts', { wet: report.wetDiapers, dirty: report.dirtyDiapers })}
        </Text>
        {sleeps.length > 0 && (
          <Box>
            <Text fz="sm" c="gray.7">
              {t('report.sleep')}
            </Text>
            <Box component="ul" m={0} pl="md">
              {sleeps.map((sleep, i) => (
                <Text component="li" fz="sm" key={i}>
                  {formatTime12(sleep.from)} – {formatTime12(sleep.to)} ({formatDuration(sleepMinutes(sleep))})
                </Text>
              ))}
            </Box>
          </Box>
        )}
        {report.notes && (
          <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
            <Text span inherit c="gray.7">
              {noteLabel ?? t('report.nurseNote', { name: nurseName })}
            </Text>{' '}
            {report.notes}
          </Text>
        )}
      </Stack>
    </Box>
  )
}
