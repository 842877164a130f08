// 'Waiting for payment': a booking inside its checkout hold is paid or abandoned from its page
// (docs/decisions/0012).
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import { Form, useFetcher } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { action } from './route'
import { useTranslation } from 'react-i18next'

export function UnpaidBookingCard({
  payment,
  error,
  notice,
}: {
  payment: { expired: boolean; chargeStarted: boolean; minutesLeft: number | null; payHref: string }
  error: string | null
  notice: string | null
}) {
  const { t } = useTranslation('parent')
  return (
    <Card component="section" aria-labelledby="booking-unpaid" withBorder>
      <Stack gap="sm">
        <Title order={2} fz="lg" id="booking-unpaid">
          {t('unpaid.title')}
        </Title>
        {error && (
          <ErrorNote>{error}</ErrorNote>
        )}
        {payment.expired ? (
          <Text>
            {t('unpaid.expired')}
          </Text>
        ) : (
          <Text>
            {t('unpaid.held', { count: payment.minutesLeft ?? 0 })}
          </Text>
        )}
        {payment.chargeStarted && <CheckPayment notice={notice} />}
        <Group>
          {!payment.expired && (
            // A post: it makes the card form's intent if the booking has none yet (an API booking).
            <Form method="post" action={payment.payHref}>
              <input type="hidden" name="intent" value="prepare-payment" />
              <Button type="submit">{t('unpaid.payNow')}</Button>
            </Form>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="abandon" />
            <Button type="submit" variant="default" color="red">
              {t('unpaid.abandon')}
            </Button>
          </Form>
        </Group>
      </Stack>
    </Card>
  )
}

/**
 * A charge was started for this booking, so it may have gone through without the booking hearing
 * of it (a closed tab, a crash). With JavaScript the page asks once, in the background, as soon as
 * it loads; a paid booking then reloads as confirmed. Without it, the parent asks with the button.
 */
function CheckPayment({ notice }: { notice: string | null }) {
  const { t } = useTranslation('parent')
  const fetcher = useFetcher<typeof action>()
  const asked = useRef(false)
  useEffect(() => {
    if (asked.current) return
    asked.current = true
    fetcher.submit({ intent: 'check-payment' }, { method: 'post' })
  }, [fetcher])
  // The answer to the background check goes unsaid when it is 'not paid': the card says so already.
  const [pressed, setPressed] = useState(false)
  const checking = fetcher.state !== 'idle'
  const said = notice ?? fetcher.data?.error ?? (pressed ? fetcher.data?.notice : null) ?? null
  return (
    <fetcher.Form method="post" onSubmit={() => setPressed(true)}>
      <input type="hidden" name="intent" value="check-payment" />
      <Group gap="sm" role="status">
        {checking ? (
          <>
            <Loader size="xs" aria-hidden />
            <Text fz="sm">{t('unpaid.checking')}</Text>
          </>
        ) : (
          <>
            {said && <Text fz="sm">{said}</Text>}
            <Button type="submit" size="compact-sm" variant="subtle">
              {t('unpaid.check')}
            </Button>
          </>
        )}
      </Group>
    </fetcher.Form>
  )
}
