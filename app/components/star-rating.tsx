// A review's stars as text ('★★★★☆'), read out as '4 out of 5 stars' (an image with a name: a
// paragraph cannot carry a label).
import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatAverage, starText } from '~/domain/reviews/review-rules'

export function StarRating({ rating }: { rating: number }) {
  const { t } = useTranslation()
  return (
    <Text component="span" role="img" aria-label={t('rating.label', { rating: formatAverage(rating).replace(/\.0$/, '') })} c="yellow.9" fw={600} style={{ display: 'block' }}>
      {starText(rating)}
    </Text>
  )
}
