import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'

export const meta: MetaFunction = () => [
  { title: 'Help & Support – Nightlight' },
  {
    name: 'description',
    content:
      'How to reach the Nightlight team, our support hours, and answers about bookings, cancellations, refunds, receipts and nurse applications.',
  },
]

export default function SupportPage() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Help &amp; Support</Title>
          <Text size="lg" c="dimmed">
            We are here for families and nurses, including during the sleepy hours.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>How to reach us</Title>
          <Text>
            E-mail{' '}
            <Anchor href="mailto:support@nightlight.example">support@nightlight.example</Anchor> and a
            person on our team will answer. Tell us the e-mail address on your account and, for a booking,
            the nurse&apos;s name and the date of the night so we can find it quickly.
          </Text>
          <List spacing="xs">
            <List.Item>Monday to Friday, 8 am to 8 pm Eastern Time.</List.Item>
            <List.Item>Saturday and Sunday, 9 am to 5 pm Eastern Time.</List.Item>
            <List.Item>We answer most messages within one business day, and sooner for tonight&apos;s bookings.</List.Item>
          </List>
          <Text>
            If a baby or a parent is unwell or in danger, do not wait for us: call 911.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Bookings and cancellations</Title>
          <Text>
            Your bookings, nights and payments are in your{' '}
            <Anchor component={Link} to="/parent/dashboard">
              parent dashboard
            </Anchor>
            . Open a booking to see each night, its times and the amount paid. To cancel a night,
            choose it in the dashboard and confirm; the refund is shown before you confirm.
          </Text>
          <List spacing="xs">
            <List.Item>Cancel more than 48 hours before a night starts and that night is refunded in full.</List.Item>
            <List.Item>Cancel within 48 hours of the start and 50% of that night is refunded.</List.Item>
            <List.Item>Refunds go back to the card you paid with and usually appear within 5 to 10 business days.</List.Item>
          </List>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Common questions</Title>
          <Text fw={600}>Where is my receipt?</Text>
          <Text>
            Every payment has a receipt in the payment history of your{' '}
            <Anchor component={Link} to="/parent/dashboard">
              dashboard
            </Anchor>
            , which you can download as a PDF.
          </Text>
          <Text fw={600}>My nurse has not arrived. What should I do?</Text>
          <Text>
            Traffic and weather do happen, so give it a little time. If your nurse is more than 30 minutes late
            and you have not heard from them, e-mail us with the booking details. Our team will review what
            happened and can refund a night that did not take place.
          </Text>
          <Text fw={600}>How do I change the e-mails I receive?</Text>
          <Text>
            Booking confirmations, reminders and cancellation notices can be switched on or off in the
            settings of your dashboard, where you can also choose how early reminders arrive.
          </Text>
          <Text fw={600}>I am a nurse. Where do I manage my nights?</Text>
          <Text>
            Apply or finish your application at{' '}
            <Anchor component={Link} to="/night-nurse-onboard">
              Become a Night Nurse
            </Anchor>
            . Once approved, publish your availability and see your bookings and earnings in the{' '}
            <Anchor component={Link} to="/nurse/dashboard">
              nurse dashboard
            </Anchor>
            .
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>More information</Title>
          <Text>
            Read our{' '}
            <Anchor component={Link} to="/terms">
              Terms of Service
            </Anchor>
            ,{' '}
            <Anchor component={Link} to="/privacy">
              Privacy Policy
            </Anchor>{' '}
            and{' '}
            <Anchor component={Link} to="/disclaimer">
              Disclaimer
            </Anchor>
            , or learn{' '}
            <Anchor component={Link} to="/about">
              about Nightlight
            </Anchor>
            .
          </Text>
        </Stack>
      </Stack>
    </Container>
  )
}
