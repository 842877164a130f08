// 'Report a problem with this night' (issue 15): the form, opened for one night of the booking.
import { Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { Form } from '@remix-run/react'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { formatNightDate } from '~/domain/time/shift-times'
import { PAYABLE_AFTER_HOURS } from '~/domain/payouts/payout-rules'

export function ReportProblemCard({
  night,
  description,
  error,
}: {
  night: { id: number; date: string }
  description: string
  error: string | null
}) {
  const date = formatNightDate(night.date)
  return (
    <SectionCard id="report-problem" title={`Report a problem with the night of ${date}`} titleMb="sm">
      <Form method="post" preventScrollReset>
        <Stack gap="sm">
          <input type="hidden" name="intent" value="report-problem" />
          <input type="hidden" name="occurrenceId" value={night.id} />
          <Text fz="sm">
            Tell us what went wrong. We hold the nurse’s payment for this night until our team has looked into it, and
            we may refund the night. A problem can be reported until {PAYABLE_AFTER_HOURS} hours after the night ends.
          </Text>
          <Textarea
            name="description"
            label="What happened?"
            required
            minLength={10}
            maxLength={2000}
            autosize
            minRows={3}
            defaultValue={description}
            error={error}
          />
          <Group>
            <Button type="submit">Report the problem</Button>
            <Anchor component={Link} to="." preventScrollReset fz="sm">
              Never mind
            </Anchor>
          </Group>
        </Stack>
      </Form>
    </SectionCard>
  )
}
