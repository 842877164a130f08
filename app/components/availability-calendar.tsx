import { Button, Stack, Text } from '@mantine/core'
import { Form } from '@remix-run/react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import { formatNightDate, formatTime12, groupByMonth } from '~/domain/time/shift-times'
import classes from './open-nights-checklist.module.css'

export interface OpenNightOption {
  date: string
  startTimeLocal: string
  endTimeLocal: string
}

/** '9:00 PM – 7:00 AM' */
export function nightTimes(night: OpenNightOption): string {
  return `${formatTime12(night.startTimeLocal)} – ${formatTime12(night.endTimeLocal)}`
}

/**
 * Before JavaScript runs (and for anyone without it) the open nights are a list of checkboxes
 * in a GET form; the page's loader turns the ticked nights into the same /book link.
 */
export function OpenNightsChecklist({
  action,
  openNights,
  error,
  checked = [],
}: {
  action: string
  openNights: readonly OpenNightOption[]
  error?: string | null
  /** The nights ticked already: the nights searched for (issue 17). */
  checked?: readonly string[]
}) {
  const { t } = useTranslation()
  const say = useServerMessage()
  const months = useMemo(() => groupByMonth(openNights, (night) => night.date), [openNights])
  return (
    <Form method="get" action={action} aria-label={t('nights.chooseToBook')}>
      <input type="hidden" name="book" value="1" />
      <Stack gap="sm">
        {/* Plain inputs, not Mantine's Checkbox: a nurse may have 300 open nights to hydrate. */}
        <div className={classes.list}>
          {months.map(([month, nights]) => (
            <fieldset key={month} className={classes.month}>
              <legend className={classes.monthName}>{month}</legend>
              <div className={classes.nights}>
                {nights.map((night) => (
                  <div key={night.date} className={classes.night}>
                    <input
                      type="checkbox"
                      id={`open-night-${night.date}`}
                      name="date"
                      value={night.date}
                      defaultChecked={checked.includes(night.date)}
                      aria-describedby={`open-night-${night.date}-times`}
                      className={`mantine-focus-auto ${classes.box}`}
                    />
                    <div>
                      <label htmlFor={`open-night-${night.date}`} className={classes.label}>
                        {formatNightDate(night.date)}
                      </label>
                      <div id={`open-night-${night.date}-times`} className={classes.description}>
                        {nightTimes(night)}
                      </div>
                    </div>
                  </div>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
        {error && (
          <Text c="red.8" fz="sm" role="alert">
            {say(error)}
          </Text>
        )}
        <Button type="submit" fullWidth>
          {t('nights.bookSelected')}
        </Button>
      </Stack>
    </Form>
  )
}
