// /book step 1 'Confirm Dates & Times': a start and end time per night (48 half-hour options),
// nights added or removed, and an optional weekly repeat. Conform with the shared schema; the
// add and remove buttons also work as plain form posts before JavaScript loads.
import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Button, Fieldset, Group, NativeSelect, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { Form } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { useServerMessage } from '~/i18n/messages'
import { FormErrorSummary } from '~/components/error-summary'
import { CostPreview } from '~/components/cost-preview'
import { CheckboxField, SelectField } from '~/components/choice-fields'
import { TextField } from '~/components/form-fields'
import { useSchemaForm } from '~/components/use-schema-form'
import { babiesChoices } from '~/domain/bookings/babies'
import { formatNightlyRate, MAX_BABIES } from '~/domain/bookings/pricing'
import { babiesWord } from '~/components/booking-summary'
import { expandWeekly, FORM_DEFAULT_WEEKS, type NightRequest } from '~/domain/bookings/booking-rules'
import {
  formatNightDate,
  formatTime12,
  HALF_HOUR_OPTIONS,
  shiftMinutes,
  TIME_PATTERN,
  timeZoneName,
} from '~/domain/time/shift-times'
import { BookingDatesSchema } from '~/schemas/booking'

// Made as the page renders: formatTime12 writes the page's language.
const timeOptions = () => HALF_HOUR_OPTIONS.map((value) => ({ value, label: formatTime12(value) }))

function shiftHint(t: TFunction, start?: string, end?: string): string | null {
  if (!start || !end || !TIME_PATTERN.test(start) || !TIME_PATTERN.test(end)) return null
  const minutes = shiftMinutes(start, end)
  if (minutes === 0) return null
  const hours = minutes / 60
  const length = t('dates.hours', { count: hours, hours: Number.isInteger(hours) ? String(hours) : hours.toFixed(1) })
  return end < start ? t('dates.endsNextMorning', { length }) : length
}

/** twinPriceLines' words in the page's language: 'Twins: +$80 a night', 'Triplets: no extra charge'. */
function twinPriceWords(t: TFunction, maxBabies: number, extraBabyCents: number): string[] {
  const lines: string[] = []
  for (let babies = 2; babies <= Math.min(maxBabies, MAX_BABIES); babies++) {
    const label = babiesWord(t, babies)
    lines.push(
      extraBabyCents > 0
        ? t('babies.extraPerNight', { label, amount: formatNightlyRate(extraBabyCents * (babies - 1)) })
        : t('babies.noExtra', { label }),
    )
  }
  return lines
}

export function DatesStep({
  nights,
  weeks,
  babies = 1,
  openNights,
  nurse,
  lastResult,
  submitting,
}: {
  nights: NightRequest[]
  weeks: number | null
  /** How many babies the link asks for (issue 36). */
  babies?: number
  /** Her open nights, each at the shift offered first (her published hours when they fit, issue 38). */
  openNights: NightRequest[]
  nurse: {
    displayName: string
    nightlyRateCents: number
    maxBabies: number
    extraBabyCents: number
    minHours: number
    maxHours: number
    timezone: string
  }
  lastResult?: SubmissionResult<string[]> | null
  submitting: boolean
}) {
  const { t } = useTranslation('booking')
  const say = useServerMessage()
  const TIME_OPTIONS = timeOptions()
  const [form, fields] = useSchemaForm(BookingDatesSchema, {
    id: 'booking-dates',
    lastResult,
    defaultValue: { nights, repeatWeekly: weeks !== null, weeksCount: weeks ?? 1, babies: String(babies) },
  })
  const rows = fields.nights.getFieldList()
  const chosen = rows.map((row) => row.getFieldset())
  const chosenDates = new Set(chosen.map((row) => row.date.value))
  const addable = openNights.filter((night) => !chosenDates.has(night.date))
  const [addDate, setAddDate] = useState<string>('')
  const nightToAdd = addable.find((night) => night.date === addDate) ?? addable[0]
  const dateToAdd = nightToAdd?.date ?? ''

  const repeat = fields.repeatWeekly.value === 'on'
  const weeksValue = Number(fields.weeksCount.value)
  const previewNights = expandWeekly(
    chosen.map((row) => ({
      date: row.date.value ?? '',
      startTimeLocal: row.startTimeLocal.value ?? '',
      endTimeLocal: row.endTimeLocal.value ?? '',
    })),
    repeat && Number.isInteger(weeksValue) && weeksValue > 0 ? weeksValue : 1,
  ).length
  // Twins and triplets (issue 36): offered only up to what she takes; the preview prices the choice.
  const babiesChosen = Number(fields.babies.value ?? babies) || 1

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="xl">
          {t('dates.title')}
        </Title>
        <Text c="gray.7" fz="sm" mt={4}>
          {t('dates.intro', { name: nurse.displayName, min: nurse.minHours, max: nurse.maxHours, zone: timeZoneName(nurse.timezone) })}
        </Text>
      </div>
      <Form method="post" {...getFormProps(form)}>
        {/* Enter in a field submits with the first submit button: make that Continue. */}
        <VisuallyHidden>
          <button type="submit" tabIndex={-1} aria-hidden="true">
            {t('dates.continue')}
          </button>
        </VisuallyHidden>
        <input type="hidden" name="intent" value="dates" />
        <Stack gap="md">
          <FormErrorSummary form={form} title={t('dates.checkNights')} />
          {/* The nights as one field: the summary's link for a refusal of the list itself (none
              chosen, too many) comes here, and its message stays beside them, said once. */}
          <Stack
            gap="md"
            id={fields.nights.id}
            tabIndex={fields.nights.errors ? -1 : undefined}
            role="group"
            aria-label={t('dates.yourNights')}
            aria-describedby={fields.nights.errors ? fields.nights.errorId : undefined}
          >
            {rows.map((row, index) => {
              const night = chosen[index]
              const date = night.date.value ?? ''
              const hint = shiftHint(t, night.startTimeLocal.value, night.endTimeLocal.value)
              const { key: _key, ...dateInput } = getInputProps(night.date, { type: 'hidden' })
              return (
                <Fieldset key={row.key} legend={date ? formatNightDate(date) : t('dates.night', { number: index + 1 })}>
                  <input {...dateInput} />
                  <Group grow align="flex-start">
                    <SelectField
                      field={night.startTimeLocal}
                      label={t('dates.startTime')}
                      data={TIME_OPTIONS}
                      required
                    />
                    <SelectField
                      field={night.endTimeLocal}
                      label={t('dates.endTime')}
                      data={TIME_OPTIONS}
                      required
                    />
                  </Group>
                  <Group justify="space-between" mt="xs" mih={28}>
                    <Text fz="xs" c="gray.7">
                      {hint}
                    </Text>
                    {rows.length > 1 && (
                      <Button
                        type="submit"
                        variant="subtle"
                        color="red"
                        c="red.9"
                        size="xs"
                        {...form.remove.getButtonProps({ name: fields.nights.name, index })}
                        aria-label={date ? t('dates.removeDate', { date: formatNightDate(date) }) : t('dates.removeNight', { number: index + 1 })}
                      >
                        {t('dates.remove')}
                      </Button>
                    )}
                  </Group>
                </Fieldset>
              )
            })}
            {fields.nights.errors && (
              <Text id={fields.nights.errorId} c="red.9" fz="sm">
                {say(fields.nights.errors[0])}
              </Text>
            )}
          </Stack>

          {addable.length > 0 && (
            <Group align="flex-end" wrap="wrap">
              <NativeSelect
                name="addDate"
                label={t('dates.addAnother')}
                description={t('dates.addAnotherHint')}
                data={addable.map((night) => ({
                  value: night.date,
                  label: `${formatNightDate(night.date)}, ${formatTime12(night.startTimeLocal)} – ${formatTime12(night.endTimeLocal)}`,
                }))}
                value={dateToAdd}
                onChange={(event) => setAddDate(event.currentTarget.value)}
                style={{ flex: 1, minWidth: 220 }}
              />
              <Button
                type="submit"
                name="addNight"
                value="1"
                formNoValidate
                variant="default"
                onClick={(event) => {
                  // With JavaScript the row is added in place; without it the action adds it.
                  event.preventDefault()
                  if (nightToAdd) form.insert({ name: fields.nights.name, defaultValue: nightToAdd })
                }}
              >
                {t('dates.addNight')}
              </Button>
            </Group>
          )}

          <Fieldset legend={t('dates.weeklyRepeat')}>
            <Stack gap="sm">
              <CheckboxField
                field={fields.repeatWeekly}
                label={t('dates.repeat')}
                onChange={(event) => {
                  // Turning repeat on suggests the form's default of 4 weeks.
                  if (event.currentTarget.checked && !(Number(fields.weeksCount.value) > 1)) {
                    form.update({ name: fields.weeksCount.name, value: String(FORM_DEFAULT_WEEKS) })
                  }
                }}
              />
              <TextField
                field={fields.weeksCount}
                type="number"
                label={t('dates.weeks')}
                description={t('dates.weeksHint')}
                min={1}
                max={52}
                w={200}
              />
            </Stack>
          </Fieldset>

          {/* A link asking for more babies than she takes keeps asking, so the post says why not. */}
          {babies > nurse.maxBabies && <input type="hidden" name={fields.babies.name} value={babies} />}
          {nurse.maxBabies > 1 && babies <= nurse.maxBabies && (
            <SelectField
              field={fields.babies}
              label={t('dates.babies')}
              description={twinPriceWords(t, nurse.maxBabies, nurse.extraBabyCents).join(' · ')}
              data={babiesChoices(nurse.maxBabies).map((choice) => ({ value: String(choice.value), label: babiesWord(t, choice.value) }))}
              w={{ base: '100%', sm: 320 }}
            />
          )}

          {/* A link asking for more babies than she takes is priced for what she takes, and says so
              (until a refused Continue, whose summary then says it, once). */}
          <CostPreview
            nightlyRateCents={nurse.nightlyRateCents}
            nights={previewNights}
            babies={Math.min(babiesChosen, nurse.maxBabies)}
            extraBabyCents={nurse.extraBabyCents}
          />
          {babiesChosen > nurse.maxBabies && !lastResult && (
            <Text fz="sm" c="red.8" id="babies-beyond-her">
              {t(nurse.maxBabies >= 2 ? 'refusal.twinsNotTriplets' : 'refusal.singleBabiesOnly', { name: nurse.displayName })}
            </Text>
          )}

          <Group justify="flex-end">
            <Button type="submit" size="md" loading={submitting}>
              {t('dates.continue')}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  )
}
