// A review's stars as text ('★★★★☆'), read out as '4 out of 5 stars' (an image with a name: a
// paragraph cannot carry a label).
import { Text } from '@mantine/core'
import { ratingLabel, starText } from '~/domain/reviews/review-rules'

export function StarRating({ rating }: { rating: number }) {
  return (
    <Text component="span" role="img" aria-label={ratingLabel(rating)} c="yellow.9" fw={600} style={{ display: 'block' }}>
      {starText(rating)}
    </Text>
  )
}
