import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'

export const meta: MetaFunction = () => [
  { title: 'About Us – Nightlight' },
  {
    name: 'description',
    content:
      'Nightlight connects families with independent, verified night nurses for overnight newborn care in cities across the United States.',
  },
]

export default function AboutPage() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>About Nightlight</Title>
          <Text size="lg" c="dimmed">
            Rested parents, safe and settled babies, and fair work for the nurses who make that possible.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Why we exist</Title>
          <Text>
            The first weeks with a newborn are wonderful and exhausting. Babies feed every two to three hours
            around the clock, parents are recovering from birth, and many families live far from the
            grandparents and friends who once shared the night shift. Sleep deprivation makes everything
            harder, from healing to feeding to simply enjoying your baby.
          </Text>
          <Text>
            Night nurses have helped families through this stage for generations, but finding one usually
            meant asking around, waiting for a referral and hoping the dates worked out. We built Nightlight
            so any family can find an experienced night nurse nearby, see real availability and book nights in
            a few minutes.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>How Nightlight works</Title>
          <List spacing="xs">
            <List.Item>
              Families browse nurse profiles by city, compare experience, credentials, languages and nightly
              rates, and pick open nights on a nurse&apos;s calendar.
            </List.Item>
            <List.Item>
              Nights can be booked once or every week, and are paid by card through Nightlight, with the full
              price shown before you pay.
            </List.Item>
            <List.Item>
              Nurses set their own nightly rate and schedule and keep their full rate; our 10% platform fee is
              added on top for families.
            </List.Item>
            <List.Item>
              Plans change with babies, so every night can be cancelled from the dashboard, with a full refund
              more than 48 hours ahead.
            </List.Item>
          </List>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Who the nurses are</Title>
          <Text>
            Nurses on Nightlight are independent professionals: registered and licensed practical nurses,
            certified nursing assistants, newborn care specialists and postpartum doulas. Every applicant
            shares a government-issued ID and the documents for the credentials they list, and our team reviews
            each application before a profile goes live. Only approved nurses can be found and booked.
          </Text>
          <Text>
            We do not employ the nurses or tell them how to care for a baby. We give them a place to be found,
            a fair and simple way to be paid, and families who value their skill.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Where we are</Title>
          <Text>
            Nightlight serves families across the United States, with local guides for cities including
            Austin, Baltimore, Boston, Chicago, Dallas, Denver, Houston, Los Angeles, San Diego, San
            Francisco, Seattle and Washington DC.{' '}
            <Anchor component={Link} to="/night-nurse">
              Find a night nurse near you
            </Anchor>
            .
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2}>Join us</Title>
          <Text>
            Are you a nurse, newborn care specialist or doula who loves nights?{' '}
            <Anchor component={Link} to="/night-nurse-onboard">
              Apply to join Nightlight
            </Anchor>
            . Hospitals, birth centers and agencies can{' '}
            <Anchor component={Link} to="/partner">
              partner with us
            </Anchor>
            , and anyone can{' '}
            <Anchor component={Link} to="/support">
              get in touch
            </Anchor>
            .
          </Text>
        </Stack>
      </Stack>
    </Container>
  )
}
