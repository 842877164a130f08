import { Text } from '@mantine/core'
import type { CityFaq } from '~/domain/places/cities'
import classes from './city-faq.module.css'

/**
 * The FAQ accordion of a city page. Native <details> elements: every answer is in the server HTML
 * for crawlers, and each question opens and closes without JavaScript.
 */
export function FaqAccordion({ faqs }: { faqs: readonly CityFaq[] }) {
  return (
    <div>
      {faqs.map((faq) => (
        <details key={faq.question} className={classes.item}>
          <summary className={classes.summary}>
            {faq.question}
          </summary>
          <Text className={classes.answer}>{faq.answer}</Text>
        </details>
      ))}
    </div>
  )
}
