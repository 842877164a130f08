// Her standing in search as her dashboard and her check's page show it (docs/decisions/0062): out
// of search and why, and what expires soon, each with where to renew.
import { Alert, Anchor, Text } from '@mantine/core'
import { Link } from '~/components/link'
import { reasonInSentence } from '~/domain/verification/expiry'
import type { ListingStanding } from '~/domain/verification/listing.server'

export function ListingAlerts({ standing }: { standing: ListingStanding }) {
  return (
    <>
      {standing.lapsed && (
        <Alert color="red" variant="light" c="dark.8" title="You are out of search" role="alert">
          <Text mb="xs">
            Families cannot find you or book new nights with you{standing.lapsed.reason ? `: ${reasonInSentence(standing.lapsed.reason)}` : ''}. Your booked
            nights stay booked: please keep them.
          </Text>
          <Text>
            Renew it to come back at once:{' '}
            <Anchor component={Link} to="/nurse/credentials" fw={600}>
              add your renewed credential
            </Anchor>{' '}
            or{' '}
            <Anchor component={Link} to="/nurse/background-check" fw={600}>
              authorize a new background check
            </Anchor>
            .
          </Text>
        </Alert>
      )}
      {standing.expiring.length > 0 && (
        <Alert color="yellow" variant="light" c="dark.8" title="Expiring soon">
          {standing.expiring.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
          <Text size="sm" mt="xs">
            Renew before the date to stay in search.
          </Text>
        </Alert>
      )}
    </>
  )
}
