import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Box, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { DatePicker, DatesProvider } from '@mantine/dates'
import 'dayjs/locale/es'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { useMemo, useState } from 'react'
import { SelectField } from '~/components/choice-fields'
import { TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { SectionCard } from '~/components/section-card'
import { useSchemaForm } from '~/components/use-schema-form'
import type { OwnAvailabilityDate, OwnNurseProfile } from '~/domain/nurses/nurse-profile.server'
import { listWindowDates } from '~/domain/nurses/nurse-profile'
import { formatNightDate, formatTime12, groupByMonth, HALF_HOUR_OPTIONS } from '~/domain/time/shift-times'
import { PublishAvailabilityFormSchema } from '~/schemas/nurse-profile'
import classes from './availability-tab.module.css'

type PublishForm = { dates: string[]; nightlyRate: string; defaultStartTime: string; defaultEndTime: string }

/** The half-hour choices, named in the page's language (formatTime12 follows it). */
function timeOptions() {
  return HALF_HOUR_OPTIONS.map((value) => ({ value, label: formatTime12(value) }))
}

export function AvailabilityTab({
  profile,
  today,
  lastDate,
  dates,
  reserved,
  loadError,
  confirmClear,
  lastResult,
  hydrated,
}: {
  profile: Pick<OwnNurseProfile, 'nightlyRateCents' | 'defaultStartTime' | 'defaultEndTime'>
  today: string
  lastDate: string
  dates: OwnAvailabilityDate[] | null
  /** Nights her due-date reservations hold: no other family can book them. */
  reserved: string[]
  loadError: string | null
  confirmClear: boolean
  lastResult: SubmissionResult<string[]> | undefined
  hydrated: boolean
}) {
  const { t } = useTranslation('nurse')
  const navigation = useNavigation()
  const busyIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
  const TIME_OPTIONS = timeOptions()
  const [form, fields] = useSchemaForm<typeof PublishAvailabilityFormSchema, PublishForm>(
    PublishAvailabilityFormSchema,
    {
      id: 'publish',
      lastResult,
      defaultValue: {
        nightlyRate: String(profile.nightlyRateCents / 100),
        defaultStartTime: profile.defaultStartTime,
        defaultEndTime: profile.defaultEndTime,
      },
    },
  )

  if (loadError || !dates) {
    return (
      <Alert color="red" role="alert">
        {loadError}
      </Alert>
    )
  }
  const bookedCount = dates.filter((night) => night.booked).length
  return (
    <Stack gap="lg">
      {confirmClear && <ClearConfirmation bookedCount={bookedCount} busy={busyIntent === 'clear'} />}
      <Form method="post" {...getFormProps(form)} aria-labelledby="availability-title">
        <input type="hidden" name="intent" value="publish" />
        <div className={classes.nightsAndShift}>
          <div>
            <SectionCard id="availability-title" title={t('availability.nightsTitle')}>
              <Text fz="sm" c="gray.7" mt={4} mb="md">
                {hydrated
                  ? t('availability.pickIntro', { last: formatNightDate(lastDate) })
                  : t('availability.tickIntro', { last: formatNightDate(lastDate) })}{' '}
                {t('availability.bookedStay')}
              </Text>
              {hydrated ? (
                <NightsCalendar dates={dates} reserved={reserved} today={today} lastDate={lastDate} />
              ) : (
                <NightsChecklist dates={dates} reserved={reserved} today={today} />
              )}
              {fields.dates.errors && (
                <Text c="red.8" fz="sm" mt="xs" role="alert">
                  {fields.dates.errors[0]}
                </Text>
              )}
            </SectionCard>
          </div>
          <div>
            <SectionCard id="shift-title" title={t('availability.rateTitle')} titleMb="md">
              <Stack gap="sm">
                <TextField
                  field={fields.nightlyRate}
                  type="number"
                  label={t('availability.nightlyRate')}
                  placeholder="150"
                  min={0}
                  step="0.01"
                  description={t('availability.nightlyRateHelp')}
                />
                <Group grow align="flex-start">
                  <SelectField field={fields.defaultStartTime} data={TIME_OPTIONS} label={t('availability.startTime')} />
                  <SelectField field={fields.defaultEndTime} data={TIME_OPTIONS} label={t('availability.endTime')} />
                </Group>
                <Text fz="sm" c="gray.7">
                  {t('availability.updatesNow')}
                </Text>
                <FormErrorSummary form={form} variant="light" c="dark.8" />
                <Group>
                  <Button variant="filled" type="submit" loading={busyIntent === 'publish'}>
                    {t('availability.publish')}
                  </Button>
                  <ClearAllButton hydrated={hydrated} bookedCount={bookedCount} busy={busyIntent === 'clear'} />
                  <Button component={Link} variant="subtle" to="/nurse/pattern">
                    {t('availability.patternLink')}
                  </Button>
                </Group>
              </Stack>
            </SectionCard>
          </div>
        </div>
      </Form>
    </Stack>
  )
}

/** With JavaScript: the multi-select calendar; its picks travel in hidden inputs of the form. */
function NightsCalendar({ dates, reserved, today, lastDate }: { dates: OwnAvailabilityDate[]; reserved: string[]; today: string; lastDate: string }) {
  const booked = useMemo(() => new Set(dates.filter((night) => night.booked).map((night) => night.date)), [dates])
  const held = useMemo(() => new Set(reserved), [reserved])
  const [picked, setPicked] = useState(() => dates.map((night) => night.date))
  const { t, i18n } = useTranslation('nurse')
  return (
    <>
      <Box style={{ display: 'flex', justifyContent: 'center' }}>
        {/* Month and day names in the page's language (English is Mantine's own). */}
        <DatesProvider settings={{ locale: i18n.language === 'es' ? 'es' : 'en' }}>
        <DatePicker
          type="multiple"
          value={picked}
          // A booked night cannot be unpicked: it is put back whatever the click did.
          onChange={(next) => setPicked([...new Set([...next, ...booked])].sort())}
          firstDayOfWeek={0}
          hideOutsideDates
          minDate={today}
          maxDate={lastDate}
          defaultDate={today}
          numberOfColumns={1}
          // Weekends in red fail the contrast check and mean nothing to a night nurse.
          weekendDays={[]}
          size="md"
          excludeDate={(date) => booked.has(date)}
          getDayAriaLabel={(date) =>
            `${formatNightDate(date)}${booked.has(date) ? t('availability.dayBooked') : picked.includes(date) ? t('availability.dayAvailable') : ''}${!booked.has(date) && held.has(date) ? t('availability.dayReserved') : ''}`
          }
          getDayProps={(date) => (booked.has(date) ? { className: classes.booked } : held.has(date) ? { className: classes.reserved } : {})}
          ariaLabels={{ nextMonth: t('availability.nextMonth'), previousMonth: t('availability.previousMonth') }}
        />
        </DatesProvider>
      </Box>
      {picked.map((date) => (
        <input key={date} type="hidden" name="dates" value={date} />
      ))}
      <Text fz="sm" mt="sm" role="status" aria-live="polite">
        {picked.length === 0 ? t('availability.nonePicked') : t('availability.picked', { count: picked.length, booked: booked.size })}
      </Text>
      {booked.size > 0 && (
        <Group gap={6} mt={4}>
          <span className={classes.legend} aria-hidden="true" />
          <Text fz="xs" c="gray.7">
            {t('availability.bookedLegend')}
          </Text>
        </Group>
      )}
      {held.size > 0 && (
        <Group gap={6} mt={4}>
          <span className={classes.reservedLegend} aria-hidden="true" />
          <Text fz="xs" c="gray.7">
            {t('availability.reservedLegendBefore')}
            <Link to="/nurse/reservations">{t('availability.reservedLegendLink')}</Link>
            {t('availability.reservedLegendAfter')}
          </Text>
        </Group>
      )}
    </>
  )
}

/**
 * Before JavaScript (and without it): every date of the window as a checkbox, a month per
 * disclosure. Booked nights are ticked and locked, and still sent.
 */
function NightsChecklist({ dates, reserved, today }: { dates: OwnAvailabilityDate[]; reserved: string[]; today: string }) {
  const { t } = useTranslation('nurse')
  const held = useMemo(() => new Set(reserved), [reserved])
  const months = useMemo(() => {
    const published = new Map(dates.map((night) => [night.date, night]))
    const days = listWindowDates(today).map((date) => ({ date, night: published.get(date) }))
    return groupByMonth(days, (day) => day.date)
  }, [dates, today])
  return (
    <Stack gap={6}>
      {months.map(([month, days], index) => {
        const picked = days.filter((day) => day.night).length
        return (
          <details key={month} open={index === 0} className={classes.month}>
            <summary>
              {month}{' '}
              <Text span fz="sm" c="gray.7">
                {t('availability.monthCount', { count: picked })}
              </Text>
            </summary>
            <fieldset className={classes.days}>
              <legend className={classes.visuallyHidden}>{t('availability.monthLegend', { month })}</legend>
              {days.map(({ date, night }) => (
                <label key={date} className={classes.day}>
                  {night?.booked ? (
                    <>
                      <input type="checkbox" checked disabled readOnly />
                      <input type="hidden" name="dates" value={date} />
                    </>
                  ) : (
                    <input type="checkbox" name="dates" value={date} defaultChecked={Boolean(night)} />
                  )}
                  {/* The date as the label's own text (one element fewer for each of some 330 days). */}
                  {night?.booked ? (
                    <span>
                      {formatNightDate(date)}
                      <strong> {t('availability.checklistBooked')}</strong>
                    </span>
                  ) : held.has(date) ? (
                    <span>
                      {formatNightDate(date)} {t('availability.checklistReserved')}
                    </span>
                  ) : (
                    formatNightDate(date)
                  )}
                </label>
              ))}
            </fieldset>
          </details>
        )
      })}
    </Stack>
  )
}

/** Clear All: a confirming dialog with JavaScript, a confirmation step (?confirm=clear) without. */
function ClearAllButton({ hydrated, bookedCount, busy }: { hydrated: boolean; bookedCount: number; busy: boolean }) {
  const { t } = useTranslation('nurse')
  const [open, setOpen] = useState(false)
  if (!hydrated) {
    return (
      <Button component={Link} variant="outline" color="red.9" to="/nurse/dashboard?tab=availability&confirm=clear">
        {t('availability.clearAll')}
      </Button>
    )
  }
  return (
    <>
      <Button variant="outline" color="red.9" onClick={() => setOpen(true)}>
        {t('availability.clearAll')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('availability.clearTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('availability.close') }}
      >
        <ClearForm bookedCount={bookedCount} busy={busy} onCancel={() => setOpen(false)} />
      </Modal>
    </>
  )
}

function ClearConfirmation({ bookedCount, busy }: { bookedCount: number; busy: boolean }) {
  const { t } = useTranslation('nurse')
  return (
    <SectionCard id="clear-title" title={t('availability.clearTitle')} titleMb="xs">
      <ClearForm bookedCount={bookedCount} busy={busy} />
    </SectionCard>
  )
}

// Its own form: the modal renders outside the publish form, and the no-JS step sits above it.
// React still bubbles the modal's submit through the portal to the publish form, whose
// validation would take it for its own: it stops here.
function ClearForm({ bookedCount, busy, onCancel }: { bookedCount: number; busy: boolean; onCancel?: () => void }) {
  const { t } = useTranslation('nurse')
  return (
    <Form method="post" action="/nurse/dashboard?tab=availability" onSubmit={(event) => event.stopPropagation()}>
      <input type="hidden" name="intent" value="clear" />
      <Stack gap="sm">
        <Text>{t('availability.clearQuestion')}</Text>
        {bookedCount > 0 && (
          <Text fz="sm" c="gray.7">
            {t('availability.clearKeepsBooked', { count: bookedCount })}
          </Text>
        )}
        <Group>
          <Button type="submit" color="red.9" loading={busy}>
            {t('availability.clearYes')}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('availability.cancel')}
            </Button>
          ) : (
            <Button component={Link} to="/nurse/dashboard?tab=availability" variant="default">
              {t('availability.cancel')}
            </Button>

          )}
        </Group>
      </Stack>
    </Form>
  )
}
