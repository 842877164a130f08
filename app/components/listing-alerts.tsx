// Her standing in search as her dashboard and her check's page show it (docs/decisions/0062): out
// of search and why, and what expires soon, each with where to renew.
import { Alert, Anchor, Text } from '@mantine/core'
import { Link } from '~/components/link'
import { reasonInSentence } from '~/domain/verification/expiry'
import type { ListingStanding } from '~/domain/verification/listing.server'
import { useServerMessage } from '~/i18n/messages'
import { useTranslation } from 'react-i18next'

export function ListingAlerts({ standing }: { standing: ListingStanding }) {
  const { t } = useTranslation('nurse')
  const say = useServerMessage()
  return (
    <>
      {standing.lapsed && (
        <Alert color="red" variant="light" c="dark.8" title={t('listing.outTitle')} role="alert">
          <Text mb="xs">
            {standing.lapsed.reason
              ? t('listing.outBecause', { reason: reasonInSentence(say(standing.lapsed.reason)) })
              : t('listing.out')}
          </Text>
          <Text>
            {t('listing.comeBack')}{' '}
            <Anchor component={Link} to="/nurse/credentials" fw={600}>
              {t('listing.comeBackCredential')}
            </Anchor>{' '}
            {t('listing.comeBackOr')}{' '}
            <Anchor component={Link} to="/nurse/background-check" fw={600}>
              {t('listing.comeBackCheck')}
            </Anchor>
            .
          </Text>
        </Alert>
      )}
      {standing.expiring.length > 0 && (
        <Alert color="yellow" variant="light" c="dark.8" title={t('listing.expiringTitle')}>
          {standing.expiring.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
          <Text size="sm" mt="xs">
            {t('listing.renewBefore')}

          </Text>
        </Alert>
      )}
    </>
  )
}
