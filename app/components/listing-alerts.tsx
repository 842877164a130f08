// Her standing in search as her dashboard and her check's page show it (docs/decisions/0062): out
// of search and why, and what expires soon, each with where to renew.
import { Alert, Anchor, Text } from '@mantine/core'
import { Trans, useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { reasonInSentence } from '~/domain/verification/expiry'
import type { ListingStanding } from '~/domain/verification/listing.server'
import { useServerMessage } from '~/i18n/messages'

export function ListingAlerts({ standing }: { standing: ListingStanding }) {
  const { t } = useTranslation()
  const say = useServerMessage()
  return (
    <>
      {standing.lapsed && (
        <Alert color="red" variant="light" c="dark.8" title={t('listing.outOfSearch')} role="alert">
          <Text mb="xs">
            {standing.lapsed.reason
              ? t('listing.cannotFindBecause', { reason: say(reasonInSentence(standing.lapsed.reason)) })
              : t('listing.cannotFind')}
          </Text>
          <Text>
            <Trans
              t={t}
              i18nKey="listing.renew"
              components={{
                credential: <Anchor component={Link} to="/nurse/credentials" fw={600} />,
                check: <Anchor component={Link} to="/nurse/background-check" fw={600} />,
              }}
            />
          </Text>
        </Alert>
      )}
      {standing.expiring.length > 0 && (
        <Alert color="yellow" variant="light" c="dark.8" title={t('listing.expiringSoon')}>
          {standing.expiring.map((line) => (
            <Text key={line} size="sm">
              {say(line)}
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
