// 'Report a problem with this night' (issue 15): the form, opened for one night of the booking.
import { Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { Form } from '@remix-run/react'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { formatNightDate } from '~/domain/time/shift-times'
import { PAYABLE_AFTER_HOURS } from '~/domain/payouts/payout-rules'
import { useTranslation } from 'react-i18next'

export function ReportProblemCard({
  night,
  description,
  error,
}: {
  night: { id: number; date: string }
  description: string
  error: string | null
}) {
  const { t } = useTranslation('parent')
  const date = formatNightDate(night.date)
  return (
    <SectionCard id="report-problem" title={t('nights.problemName', { date })} titleMb="sm">
      <Form method="post" preventScrollReset>
        <Stack gap="sm">
          <input type="hidden" name="intent" value="report-problem" />
          <input type="hidden" name="occurrenceId" value={night.id} />
          <Text fz="sm">
            {t('problem.explain', { hours: PAYABLE_AFTER_HOURS })}
          </Text>
          <Textarea
            name="description"
            label={t('problem.whatHappened')}
            required
            minLength={10}
            maxLength={2000}
            autosize
            minRows={3}
            defaultValue={description}
            error={error}
          />
          <Group>
            <Button type="submit">{t('problem.submit')}</Button>
            <Anchor component={Link} to="." preventScrollReset fz="sm">
              {t('problem.neverMind')}
            </Anchor>
          </Group>
        </Stack>
      </Form>
    </SectionCard>
  )
}
