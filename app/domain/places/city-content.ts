// The shape of the city page text in app/content/cities/ (see the README there). cities.ts takes
// its types from here with `import type`, so tsc checks every content file against them; the zod
// schema adds what types cannot say (no empty strings, no unknown keys, two paragraphs) and is run
// by the unit test on every file. It sits apart from cities.ts so that zod stays out of the
// browser bundle, which loads cities.ts on every page (the footer's city links).
import { z } from 'zod'
import { contentParagraph as paragraph, contentText as text } from '../platform/content-files'

export const cityFaqSchema = z.strictObject({
  question: text.endsWith('?', 'must end with a question mark'),
  answer: text,
})

/** One city's file, app/content/cities/<slug>.json. */
export const cityContentSchema = z.strictObject({
  neighborhoods: z.array(text).min(1),
  nearbySuburbs: z.array(text).min(1),
  landmarks: z.array(text).min(1),
  /** The 'local context' section: two paragraphs, shown separated by a blank line. */
  localContext: z.array(paragraph).length(2),
  /** The note under the price range; figures are computed, never written here. */
  pricingContext: text.refine((value) => !/\$\d/.test(value), 'must not state a price: the page computes them'),
  faqs: z.array(cityFaqSchema).min(1),
  heroImageAlt: text,
})

/** app/content/cities/generic-faqs.json: the questions shown on every city page. */
export const genericFaqsSchema = z.array(cityFaqSchema).min(1)

export type CityContent = z.infer<typeof cityContentSchema>
