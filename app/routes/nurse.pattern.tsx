import '~/styles/routes/nurse.pattern.css'
import { Anchor, Button, Checkbox, Container, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { useTranslation } from 'react-i18next'
import { SHORT_WEEKDAY_NAMES, WEEKDAY_NAMES as WEEKDAY_NAMES_IN } from '~/i18n/calendar-words'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { useServerMessage } from '~/i18n/messages'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { formatCents } from '~/domain/bookings/pricing'
import { addDays, HALF_HOUR_OPTIONS, formatTime12, localToday } from '~/domain/time/shift-times'
import { availabilityWindow } from '~/domain/nurses/nurse-profile'
import { getBookingLimits, getOwnNurseProfile, publishWeeklyPattern, takeTimeOff, updateBookingLimits } from '~/domain/nurses/nurse-profile.server'
import { patternMessage, timeOffMessage, WEEKDAY_NAMES } from '~/domain/nurses/weekly-pattern'
import { BookingLimitsFormSchema, NOTICE_HOUR_OPTIONS, TimeOffFormSchema, WeeklyPatternFormSchema } from '~/schemas/nurse-profile'
import { firstError, readFormData } from '~/utils/api.server'
import { parseForm } from '~/utils/forms.server'
import { requireNurse } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['nurse'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: data?.title ?? 'Weekly Pattern and Time Off – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

/** The half-hour choices in the page's language (formatTime12 follows it): made as the page renders. */
const times = () => HALF_HOUR_OPTIONS.map((time) => ({ value: time, label: formatTime12(time) }))
const BACK = '/nurse/dashboard?tab=availability'

// A nurse's weekly pattern and time off (issue 17): publish every chosen weekday between two dates
// at once, or unpublish the open nights of a holiday; booked nights are never touched.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireNurse(request)
  const profile = await getOwnNurseProfile(user.id)
  if (!profile) throw data({ message: translateMessage('Create your profile first.') }, { status: 404 })
  const today = localToday(profile.timezone, new Date())
  const limits = await getBookingLimits(user.id)
  return data(
    {
      today,
      limits,
      last: availabilityWindow(today).last,
      defaults: {
        from: today,
        to: addDays(today, 12 * 7 - 1),
        defaultStartTime: profile.defaultStartTime,
        defaultEndTime: profile.defaultEndTime,
      },
      nightlyRateCents: profile.nightlyRateCents,
      title: translator('nurse')('pattern.metaTitle'),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

type Typed = Record<string, string | string[]>
const PATTERN_FORMS = z.union([WeeklyPatternFormSchema, TimeOffFormSchema, BookingLimitsFormSchema])

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireNurse(request)
  const formData = await readFormData(request)
  // A refused form is filled again with what was typed: only the fields these forms read (issue 33).
  const echoed = (parseForm(formData, { schema: PATTERN_FORMS, echoOnly: true }).reply().initialValue ?? {}) as Typed
  const typed: Typed = { ...echoed, weekdays: [echoed.weekdays ?? []].flat() }
  const now = new Date()
  const t = translator('nurse')
  if (formData.get('intent') === 'limits') {
    const limits = parseForm(formData, { schema: BookingLimitsFormSchema })
    if (limits.status !== 'success') return data({ form: 'limits' as const, typed, error: firstError(limits.error) }, { status: 400 })
    const result = await updateBookingLimits(user.id, { minNoticeHours: limits.value.minNoticeHours, maxNightsPerWeek: limits.value.maxNightsPerWeek ?? null }, now)
    if (!result.ok) return data({ form: 'limits' as const, typed, error: result.error }, { status: result.status })
    throw await redirectWithToast('/nurse/pattern', { type: 'success', message: t('pattern.limitsSaved') })
  }
  if (formData.get('intent') === 'time-off') {
    const timeOff = parseForm(formData, { schema: TimeOffFormSchema })
    if (timeOff.status !== 'success') return data({ form: 'time-off' as const, typed, error: firstError(timeOff.error) }, { status: 400 })
    const result = await takeTimeOff(user.id, timeOff.value, now)
    if (!result.ok) return data({ form: 'time-off' as const, typed, error: result.error }, { status: result.status })
    throw await redirectWithToast(BACK, { type: 'success', message: timeOffMessage(result.removed, result.bookedStaying, t) })
  }
  const pattern = parseForm(formData, { schema: WeeklyPatternFormSchema })
  if (pattern.status !== 'success') return data({ form: 'pattern' as const, typed, error: firstError(pattern.error) }, { status: 400 })
  const result = await publishWeeklyPattern(user.id, pattern.value, now)
  if (!result.ok) return data({ form: 'pattern' as const, typed, error: result.error }, { status: result.status })
  throw await redirectWithToast(BACK, {
    type: 'success',
    message: patternMessage(result.dates.length, result.dates[0], result.dates[result.dates.length - 1], t),
  })
}

export default function WeeklyPattern() {
  const { today, last, defaults, limits, nightlyRateCents } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t, i18n } = useTranslation('nurse')
  const say = useServerMessage()
  const spanish = i18n.language === 'es'
  const TIMES = times()
  const typed = (form: 'pattern' | 'time-off') => (actionData?.form === form ? actionData.typed : null)
  const pattern = typed('pattern')
  const timeOff = typed('time-off')
  const value = (source: Typed | null, name: string, fallback: string) => (source && typeof source[name] === 'string' ? (source[name] as string) : fallback)
  const weekdays = pattern ? (pattern.weekdays as string[]) : ['1', '2', '3', '4', '5']
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={BACK} fz="sm">
          {t('pattern.back')}
        </Anchor>
        <Title order={1}>{t('availability.patternLink')}</Title>
        <SectionCard id="weekly-pattern" title={t('pattern.publishTitle')} titleMb="xs">
          <Form method="post">
            <input type="hidden" name="intent" value="pattern" />
            <Stack gap="sm">
              <Text fz="sm">{t('pattern.publishIntro')}</Text>
              {actionData?.form === 'pattern' && (
                <ErrorNote>{say(actionData.error)}</ErrorNote>
              )}
              <Checkbox.Group label={t('pattern.weekdays')} defaultValue={weekdays}>
                <Group gap="sm" mt={6}>
                  {WEEKDAY_NAMES.map((name, index) => (
                    <Checkbox
                      key={name}
                      name="weekdays"
                      value={String(index)}
                      label={spanish ? SHORT_WEEKDAY_NAMES.es[index] : name.slice(0, 3)}
                      aria-label={spanish ? WEEKDAY_NAMES_IN.es[index] : name}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput type="date" name="from" label={t('pattern.from')} min={today} max={last} defaultValue={value(pattern, 'from', defaults.from)} />
                <TextInput type="date" name="to" label={t('pattern.until')} min={today} max={last} defaultValue={value(pattern, 'to', defaults.to)} />
                <NativeSelect name="defaultStartTime" label={t('availability.startTime')} data={TIMES} defaultValue={value(pattern, 'defaultStartTime', defaults.defaultStartTime)} />
                <NativeSelect name="defaultEndTime" label={t('availability.endTime')} data={TIMES} defaultValue={value(pattern, 'defaultEndTime', defaults.defaultEndTime)} />
              </SimpleGrid>
              {/* One rate per nurse (docs/decisions/0048): the pattern publishes nights, it does not reprice them (issue 38). */}
              <Text fz="sm" c="gray.7">
                {t('pattern.rateNoteBefore', { rate: formatCents(nightlyRateCents) })}{' '}
                <Anchor component={Link} to={BACK} fz="sm" underline="always">
                  {t('pattern.rateNoteLink')}
                </Anchor>
                .
              </Text>
              <Group>
                <Button type="submit" loading={navigation.state === 'submitting' && navigation.formData?.get('intent') === 'pattern'}>
                  {t('pattern.publishButton')}
                </Button>
              </Group>
            </Stack>
          </Form>
        </SectionCard>
        <SectionCard id="booking-limits" title={t('pattern.limitsTitle')} titleMb="xs">
          <Form method="post">
            <input type="hidden" name="intent" value="limits" />
            <Stack gap="sm">
              <Text fz="sm">{t('pattern.limitsIntro')}</Text>
              {actionData?.form === 'limits' && (
                <ErrorNote>{say(actionData.error)}</ErrorNote>
              )}
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <NativeSelect
                  name="minNoticeHours"
                  label={t('pattern.notice')}
                  data={NOTICE_HOUR_OPTIONS.map((hours) => ({ value: String(hours), label: t('pattern.noticeHours', { hours }) }))}
                  defaultValue={String(limits?.minNoticeHours ?? 0)}
                />
                <TextInput
                  name="maxNightsPerWeek"
                  label={t('pattern.maxNights')}
                  description={t('pattern.maxNightsHelp')}
                  inputMode="numeric"
                  defaultValue={limits?.maxNightsPerWeek ? String(limits.maxNightsPerWeek) : ''}
                />
              </SimpleGrid>
              <Group>
                <Button type="submit" variant="light">
                  {t('pattern.limitsSave')}
                </Button>
              </Group>
            </Stack>
          </Form>
        </SectionCard>
        <SectionCard id="time-off" title={t('pattern.timeOffTitle')} titleMb="xs">
          <Form method="post">
            <input type="hidden" name="intent" value="time-off" />
            <Stack gap="sm">
              <Text fz="sm">{t('pattern.timeOffIntro')}</Text>
              {actionData?.form === 'time-off' && (
                <ErrorNote>{say(actionData.error)}</ErrorNote>
              )}
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput type="date" name="from" label={t('pattern.firstDayOff')} min={today} max={last} defaultValue={value(timeOff, 'from', '')} />
                <TextInput type="date" name="to" label={t('pattern.lastDayOff')} min={today} max={last} defaultValue={value(timeOff, 'to', '')} />
              </SimpleGrid>
              <Group>
                <Button type="submit" variant="outline" loading={navigation.state === 'submitting' && navigation.formData?.get('intent') === 'time-off'}>
                  {t('pattern.timeOffButton')}
                </Button>

              </Group>
            </Stack>
          </Form>
        </SectionCard>
      </Stack>
    </Container>
  )
}
