import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'

export const meta: MetaFunction = () => [
  { title: 'Terms of Service – Nightlight' },
  {
    name: 'description',
    content:
      'The terms for using Nightlight: our role as a marketplace, independent nurses, bookings and card payments, the platform fee, cancellations and refunds.',
  },
]

export default function TermsPage() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Terms of Service</Title>
          <Text size="sm" c="dimmed">
            Last updated November 21, 2026
          </Text>
          <Text>
            These terms apply to everyone who uses Nightlight: families who book night nurses, nurses who offer
            their services, and visitors. By creating an account or making a booking you agree to them.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>1. What Nightlight is</Title>
          <Text>
            Nightlight is an online marketplace. We help families find independent night nurses, book nights
            and pay for them. We are not a healthcare provider, a nursing agency or an employer of nurses, and
            we do not provide care ourselves.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>2. Nurses are independent</Title>
          <Text>
            Each nurse is an independent professional who decides where, when and for what rate they work, and
            how they care for a baby. Nurses are responsible for holding the licences and certifications they
            claim, for following the law where they work and for their own taxes. A booking is an agreement
            between the family and the nurse; Nightlight arranges it and handles the payment.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>3. Accounts and verification</Title>
          <Text>
            You must be at least 18 and give accurate information. Keep your password private; you are
            responsible for activity on your account. Nurses apply with a government-issued ID and the
            documents for their credentials, and only nurses approved by our team are listed. Verification
            checks what a nurse submits at the time; it is not a guarantee of a nurse&apos;s future conduct,
            and families should still interview a nurse and check references.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>4. Bookings and payment</Title>
          <List spacing="xs">
            <List.Item>Prices are in US dollars. The subtotal is the nurse&apos;s nightly rate times the number of nights.</List.Item>
            <List.Item>A platform fee of 10% of the nightly subtotal is added on top, and the total is shown before you pay.</List.Item>
            <List.Item>You pay by card through Nightlight at the time of booking; our payment processor handles your card details.</List.Item>
            <List.Item>The nurse is paid the full subtotal for the nights worked. Do not pay nurses outside Nightlight for nights booked here.</List.Item>
            <List.Item>A booking that is not paid within 15 minutes is released and its nights become available again.</List.Item>
          </List>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>5. Cancellations and refunds</Title>
          <Text>
            Families can cancel any upcoming night from their dashboard. Times are measured in the
            nurse&apos;s local time zone, from the start of the night.
          </Text>
          <List spacing="xs">
            <List.Item>More than 48 hours before a night starts: that night is refunded in full.</List.Item>
            <List.Item>Within 48 hours of the start: 50% of that night is refunded.</List.Item>
          </List>
          <Text>
            Refunds go back to the original card. If a nurse cancels a night or does not arrive, tell us and we
            will refund that night in full.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>6. Conduct</Title>
          <Text>
            Treat each other with respect. Families provide a safe home and accurate information about the
            baby&apos;s needs; nurses arrive on time and follow safe-sleep practices and the parents&apos;
            reasonable instructions. We may suspend or close an account for harassment, discrimination, fraud,
            unsafe behaviour, false credentials or attempts to take payments off the platform.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>7. Limits of our liability</Title>
          <Text>
            Nightlight is provided &ldquo;as is&rdquo;. To the extent the law allows, we are not liable for
            the acts or omissions of nurses or families, or for indirect or consequential losses, and our total
            liability for any claim is limited to the fees you paid to Nightlight in the 12 months before the
            claim. Nothing in these terms limits liability that cannot be limited by law.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>8. Changes and governing law</Title>
          <Text>
            We may update these terms; we will post the new version here with a new date and tell account
            holders by e-mail about important changes. These terms are governed by the laws of the State of
            Delaware, without regard to its conflict-of-law rules.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>9. Contact</Title>
          <Text>
            Questions about these terms? Write to{' '}
            <Anchor href="mailto:support@nightlight.example">support@nightlight.example</Anchor> or visit{' '}
            <Anchor component={Link} to="/support">
              Help &amp; Support
            </Anchor>
            . See also our{' '}
            <Anchor component={Link} to="/privacy">
              Privacy Policy
            </Anchor>{' '}
            and{' '}
            <Anchor component={Link} to="/disclaimer">
              Disclaimer
            </Anchor>
            .
          </Text>
        </Stack>
      </Stack>
    </Container>
  )
}
