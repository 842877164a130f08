import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'

export const meta: MetaFunction = () => [
  { title: 'Partner With Us – Nightlight' },
  {
    name: 'description',
    content:
      'Join Nightlight as an independent night nurse, or partner with us as an agency, hospital, birth center or employer to support new families overnight.',
  },
]

export default function PartnerPage() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Partner With Us</Title>
          <Text size="lg" c="dimmed">
            Nightlight grows with the people who care for newborns at night and the organisations that look
            after new families.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>For night nurses</Title>
          <Text>
            If you are an RN, LPN, CNA, newborn care specialist or postpartum doula with overnight newborn
            experience, Nightlight brings families in your area to you. You stay independent: you choose your
            nights, your service area and your nightly rate.
          </Text>
          <List spacing="xs" type="ordered">
            <List.Item>Basic details: your name, phone number, years of experience and a friendly photo.</List.Item>
            <List.Item>Qualifications: your certifications and documents, your specialties and a short bio.</List.Item>
            <List.Item>Rates: your base location, service radius, nightly rate and a government-issued ID.</List.Item>
            <List.Item>
              Submit for review. Our team checks your application and tells you the decision, with the reason
              if we cannot approve it yet.
            </List.Item>
            <List.Item>Once approved, publish the nights you are available and families can book you.</List.Item>
          </List>
          <Text>
            You keep your full nightly rate for every night you work; the 10% platform fee is paid by the
            family on top. Your ID and documents are private: only you and our admins can see them.
          </Text>
          <Text>
            <Anchor component={Link} to="/night-nurse-onboard" fw={600}>
              Start your nurse application
            </Anchor>
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>For agencies</Title>
          <Text>
            Newborn care and postpartum agencies can invite their nurses to apply, so families in your area
            see their real availability. Each nurse keeps an individual, verified profile and is booked and
            paid through the platform, so your team spends less time on scheduling and invoices.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>For hospitals, birth centers and pediatric practices</Title>
          <Text>
            Families often ask maternity and NICU teams where to find help at home. We can give your
            discharge and lactation teams simple information to share, so parents leave with a trusted place
            to look for overnight support. We never pay for referrals, and families always choose their own
            nurse.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>For employers</Title>
          <Text>
            Nights of newborn care make a thoughtful parental-leave benefit, especially for employees who are
            returning to work. Talk to us about offering Nightlight nights to your team.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Get in touch</Title>
          <Text>
            Write to{' '}
            <Anchor href="mailto:support@nightlight.example?subject=Partnership">
              support@nightlight.example
            </Anchor>{' '}
            with &ldquo;Partnership&rdquo; in the subject, tell us who you are and the cities you serve, and we
            will reply within two business days. Nurses with questions about an application can find answers
            on our{' '}
            <Anchor component={Link} to="/support">
              Help &amp; Support
            </Anchor>{' '}
            page.
          </Text>
        </Stack>
      </Stack>
    </Container>
  )
}
