import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core'
import { Link } from './link'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { takesTwinsMark } from '~/domain/bookings/babies'
import { formatNightlyRate } from '~/domain/bookings/pricing'
import { matchLabel, profilePath, type WantedNights } from '~/domain/nurses/night-search'
import { shownHeadline, type NurseCardData } from '~/domain/nurses/nurse-profile'
import { formatAverage, reviewCountLabel } from '~/domain/reviews/review-rules'
import { publicCheckLabel } from '~/domain/verification/background-checks'
import { cardLicenseLabel } from '~/domain/verification/shown-credentials'
import { CheckMark } from './check-mark'
import classes from './nurse-card.module.css'
import { UserAvatar } from './user-avatar'

/** The card needs no id, and shows the years of experience only when it has them. */
export type NurseCardNurse = Omit<
  NurseCardData,
  'id' | 'yearsExperience' | 'reviewCount' | 'reviewAverage' | 'nightsOpen' | 'backgroundCheckOn' | 'license'
> & {
  nightsOpen?: number
  backgroundCheckOn?: string | null
  license?: NurseCardData['license']
  yearsExperience?: number
  reviewCount?: number
  reviewAverage?: number | null
}

/** A small map pin before a place name; decorative. */
export function PinIcon() {
  return (
    <svg width="12" height="14" viewBox="0 0 12 14" aria-hidden="true" style={{ marginRight: 4, verticalAlign: '-1px' }}>
      <path d="M6 0a5 5 0 0 0-5 5c0 3.6 5 9 5 9s5-5.4 5-9a5 5 0 0 0-5-5zm0 7a2 2 0 1 1 0-4 2 2 0 0 1 0 4z" fill="currentColor" />
    </svg>
  )
}

/** A line of what we checked, after a tick (docs/decisions/0064). */
function CheckedLine({ children }: { children: string }) {
  return (
    <p className={classes.checked}>
      <CheckMark size={12} strokeWidth={2} />
      {children}
    </p>
  )
}

/**
 * A nurse in a list: photo or avatar, name, headline, base location, whole dollars a night, and
 * whether she takes twins ('Takes twins', issue 36), what we checked in one or two short lines (her
 * background check's month, her license). In a
 * search by nights, how many of the family's nights she has open, and her profile link carries them
 * (issue 17).
 */
export function NurseCard({
  nurse,
  headingLevel = 3,
  wanted,
  nightsRequired,
}: {
  nurse: NurseCardNurse
  headingLevel?: 2 | 3 | 4
  wanted?: WantedNights | null
  nightsRequired?: number | null
}) {
  const { t } = useTranslation()
  const Heading = `h${headingLevel}` as const
  const nightsOpen = nurse.nightsOpen
  const headline = shownHeadline(nurse, t)
  const twins = takesTwinsMark(nurse.maxBabies, t)
  return (
    <article className={classes.card}>
      <div className={classes.body}>
        <div className={classes.top}>
          <UserAvatar
            name={nurse.displayName}
            src={nurse.photoUrl ?? nurse.avatarUrl}
            size={72}
            radius={72}
            imageProps={{ loading: 'lazy', width: 72, height: 72 }}
          />
          <div className={classes.names}>
            <Heading className={classes.name}>
              <Link to={profilePath(nurse.slug, wanted)} className={`mantine-focus-auto ${classes.link}`} prefetch="intent">
                {nurse.displayName}
              </Link>
            </Heading>
            <p className={classes.headline}>{headline}</p>
          </div>
        </div>
        <div className={classes.bottom}>
          <div className={classes.place}>
            <p className={classes.text}>
              <PinIcon />
              {nurse.baseLocation}
            </p>
            {nurse.yearsExperience !== undefined && nurse.yearsExperience > 0 && (
              <p className={classes.experience}>
                {t('card.yearsExperience', { count: nurse.yearsExperience })}
              </p>
            )}
            {nightsRequired != null && nightsOpen !== undefined && (
              <p className={nightsOpen >= nightsRequired ? classes.allNights : classes.someNights}>
                {matchLabel(nightsOpen, nightsRequired, t)}
              </p>
            )}
            {twins && <p className={classes.twins}>{twins}</p>}
            {nurse.backgroundCheckOn && <CheckedLine>{publicCheckLabel(nurse.backgroundCheckOn, t)}</CheckedLine>}
            {nurse.license && <CheckedLine>{cardLicenseLabel(nurse.license, t)}</CheckedLine>}
            {nurse.reviewCount !== undefined && nurse.reviewCount > 0 && nurse.reviewAverage != null && (
              <p className={classes.experience}>
                <span aria-hidden="true">★ </span>
                {formatAverage(nurse.reviewAverage)} ({reviewCountLabel(nurse.reviewCount, t)})
              </p>
            )}
          </div>
          <Badge size="lg" variant="light" color="night" radius="sm" tt="none">
            {t('card.perNight', { rate: formatNightlyRate(nurse.nightlyRateCents) })}
          </Badge>
        </div>
      </div>
    </article>
  )
}

export function NurseCardSkeleton() {
  return (
    <Card padding="lg" aria-hidden="true">
      <Group gap="md" wrap="nowrap">
        <Skeleton circle height={72} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={16} width="70%" />
          <Skeleton height={12} width="90%" />
        </Stack>
      </Group>
      <Group justify="space-between" mt="lg">
        <Skeleton height={12} width="40%" />
        <Skeleton height={24} width={90} />
      </Group>
    </Card>
  )
}

/** The grid nurse cards sit in: one column on phones, up to four on wide screens. */
export function NurseGrid({ children, columns = 4 }: { children: ReactNode; columns?: 3 | 4 }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: columns }} spacing="lg">
      {children}
    </SimpleGrid>
  )
}

export function NurseCardSkeletonGrid({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      <NurseGrid>
        {Array.from({ length: count }, (_, i) => (
          <NurseCardSkeleton key={i} />
        ))}
      </NurseGrid>
    </div>
  )
}
