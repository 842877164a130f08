import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'

export const meta: MetaFunction = () => [
  { title: 'Privacy Policy – Nightlight' },
  {
    name: 'description',
    content:
      'What personal information Nightlight collects, how we use and protect it, who can see it, the cookies we use, and your privacy rights.',
  },
]

export default function PrivacyPage() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Privacy Policy</Title>
          <Text size="sm" c="dimmed">
            Last updated November 21, 2026
          </Text>
          <Text>
            Families trust us with details about their home and their newborn, and nurses trust us with their
            identity documents. This policy explains what we collect, why, and who can see it. We do not sell
            personal information.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>What we collect</Title>
          <List spacing="xs">
            <List.Item>
              Account details: your name, e-mail address and a securely hashed password, or your name, e-mail
              and photo from Google if you sign in with Google.
            </List.Item>
            <List.Item>
              Booking details from families: the nights booked, the address for care, a contact name and phone
              number, and any notes you add about your baby.
            </List.Item>
            <List.Item>
              Nurse profiles: name, photo, phone number, experience, credentials, specialties, languages,
              bio, base location, service radius, nightly rate and availability.
            </List.Item>
            <List.Item>
              Identity and certification documents from nurses. These are kept private: only the nurse who
              uploaded them and our admins can see them, and they are never shown on a public profile.
            </List.Item>
            <List.Item>
              Payment records: amounts, dates, status and the reference of our payment processor. Card
              numbers are entered into and handled by our payment processor; we never see or store your full
              card number.
            </List.Item>
            <List.Item>The e-mail address you give us if you join our list.</List.Item>
          </List>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>How we use it and who sees it</Title>
          <Text>
            We use your information to run Nightlight: to verify nurses, show approved nurses&apos; public
            profiles, make and manage bookings, take payments and refunds, send the e-mails described below,
            keep the service secure and meet legal obligations. When you book, your nurse sees what they need
            to care for your baby: your name, the address, the contact details and your notes. Our admins can
            see accounts, bookings and payments to support you and to review nurse applications. We share data
            with service providers that work for us (payment processing, e-mail delivery and hosting) only as
            needed to provide the service, and with authorities when the law requires it.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>E-mails</Title>
          <Text>
            We send booking confirmations, reminders before a night and cancellation notices, and tell nurses
            about decisions on their application. Families can turn confirmations, reminders and cancellation
            notices on or off in their dashboard settings. Newsletter e-mails go only to people who joined our
            list, and every one has a way to unsubscribe.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Cookies</Title>
          <Text>
            We use one session cookie to keep you signed in. It holds a random, signed identifier, not your
            personal details, and it is removed when you log out. After some actions we also set a short-lived
            cookie that carries a one-line confirmation, such as &ldquo;Night cancelled&rdquo;, to the next
            page; it expires after a minute. We do not use advertising, analytics or tracking cookies.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>How long we keep it</Title>
          <Text>
            We keep your account information while your account is open. When you ask us to close your
            account, we delete your profile, photos and documents, and keep only the booking and payment
            records we must retain for tax, accounting and legal reasons, for as long as the law requires.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Security</Title>
          <Text>
            Passwords are stored only as strong one-way hashes, connections are encrypted, and access to
            documents and admin tools is limited to the people who need it. No system is perfectly secure, so
            please use a strong, unique password.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Your rights</Title>
          <Text>
            You can ask for a copy of your information, ask us to correct or delete it, and opt out of
            newsletters at any time. Depending on where you live, for example in California, you may have
            further rights under state law, and we will not treat you differently for using them. Nightlight is
            for adults; we only hold information about babies that parents choose to share in their notes.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Contact</Title>
          <Text>
            To use your rights or ask a question, write to{' '}
            <Anchor href="mailto:support@nightlight.example">support@nightlight.example</Anchor> from the
            e-mail address on your account. See also our{' '}
            <Anchor component={Link} to="/terms">
              Terms of Service
            </Anchor>
            .
          </Text>
        </Stack>
      </Stack>
    </Container>
  )
}
