import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'

export const meta: MetaFunction = () => [
  { title: 'Disclaimer – Nightlight' },
  {
    name: 'description',
    content:
      'Nightlight does not give medical advice, nurses on Nightlight are independent professionals, and in an emergency you should call 911.',
  },
]

export default function DisclaimerPage() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Disclaimer</Title>
          <Text size="sm" c="dimmed">
            Last updated November 21, 2026
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>In an emergency, call 911</Title>
          <Text>
            If your baby is having trouble breathing, turns blue or grey, is unusually hard to wake, has a
            seizure, or you think your baby or anyone in your home is in danger, call 911 right away. Do not
            wait to contact Nightlight or your nurse first.
          </Text>
          <List spacing="xs">
            <List.Item>Poison Control: 1-800-222-1222, any time of day or night.</List.Item>
            <List.Item>
              If you feel overwhelmed, hopeless or have thoughts of harming yourself or your baby, call or text
              988, the Suicide &amp; Crisis Lifeline.
            </List.Item>
            <List.Item>For a fever or other worry that is not an emergency, call your pediatrician or your own doctor.</List.Item>
          </List>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Not medical advice</Title>
          <Text>
            The city guides, FAQs and other content on Nightlight are general information about
            newborn care and about hiring a night nurse. They are not medical advice and do not replace the
            advice of your pediatrician, obstetrician, midwife or another qualified clinician who knows you and
            your baby. Always follow your own clinician&apos;s guidance on feeding, sleep, medication and
            recovery after birth.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Nurses are independent</Title>
          <Text>
            Nurses on Nightlight are independent professionals, not employees or agents of Nightlight. They
            decide how to provide care and are responsible for it. Not every night nurse is a licensed nurse:
            each profile lists the credentials the nurse holds, such as RN, LPN, CNA, newborn care specialist
            or doula training. A night nurse does not diagnose illness or give medication unless you and your
            clinician have arranged it.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>What our verification means</Title>
          <Text>
            Our team reviews each nurse&apos;s government-issued ID and the documents for the credentials they
            list before approving a profile. This review checks what the nurse submits; it is not a guarantee
            of quality, safety or future conduct. Please interview a nurse, check references and trust your
            own judgement before the first night.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Prices and local information</Title>
          <Text>
            Price ranges, neighborhood lists and other local details on our city pages are general guidance and
            can change. The price you pay is always the nurse&apos;s nightly rate plus our platform fee, shown
            before you book.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>More</Title>
          <Text>
            Our{' '}
            <Anchor component={Link} to="/terms">
              Terms of Service
            </Anchor>{' '}
            describe our role and responsibilities in full. Questions? Visit{' '}
            <Anchor component={Link} to="/support">
              Help &amp; Support
            </Anchor>
            .
          </Text>
        </Stack>
      </Stack>
    </Container>
  )
}
