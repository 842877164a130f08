// The demo's past (issue 38, item 16): families who booked nurses in their own city over the last
// year and reviewed most of those bookings, mostly with 4 and 5 stars, some answered by the nurse.
// Pure: seed.server.ts turns the plan into bookings, nights, charges, payouts and reviews. Its own
// fixed-seed PRNG, so the rest of the demo data draws exactly what it drew before.
import type { CityPageSlug } from '../domain/places/cities'

export interface PastFamily {
  name: string
  city: CityPageSlug
  phone: string
  address: string
}

// Four families in each city page's city. No name here contains another demo person's searched
// name (the admin tests find bookings by 'Kwame', 'Latoya', 'Hoa Pham').
export const PAST_FAMILIES: PastFamily[] = [
  { name: 'Ethan Sims', city: 'austin', phone: '(512) 555-0141', address: '2210 S 1st St, Austin, TX 78704' },
  { name: 'Lauren Whitley', city: 'austin', phone: '(512) 555-0152', address: '4502 Avenue D, Austin, TX 78751' },
  { name: 'Carlos Mendoza', city: 'austin', phone: '(512) 555-0167', address: '1107 E 13th St, Austin, TX 78702' },
  { name: 'Olivia Grant', city: 'austin', phone: '(512) 555-0173', address: '3305 Windsor Rd, Austin, TX 78703' },
  { name: 'Ben Adler', city: 'baltimore', phone: '(410) 555-0121', address: '2812 Elliott St, Baltimore, MD 21224' },
  { name: 'Tasha Greene', city: 'baltimore', phone: '(410) 555-0138', address: '3400 Keswick Rd, Baltimore, MD 21211' },
  { name: 'Patrick Doyle', city: 'baltimore', phone: '(410) 555-0144', address: '1420 Light St, Baltimore, MD 21230' },
  { name: 'Mina Shah', city: 'baltimore', phone: '(410) 555-0159', address: '614 S Ann St, Baltimore, MD 21231' },
  { name: 'Katie Walsh', city: 'boston', phone: '(617) 555-0126', address: '48 Worcester St, Boston, MA 02118' },
  { name: 'David Cohen', city: 'boston', phone: '(617) 555-0131', address: '27 Greenough Ave, Boston, MA 02130' },
  { name: 'Aisha Bello', city: 'boston', phone: '(617) 555-0148', address: '112 Savin Hill Ave, Boston, MA 02125' },
  { name: 'Tom Sullivan', city: 'boston', phone: '(617) 555-0162', address: '301 E 4th St, Boston, MA 02127' },
  { name: 'Nicole Kowalski', city: 'chicago', phone: '(773) 555-0117', address: '1843 W Cortland St, Chicago, IL 60622' },
  { name: 'Andre Jackson', city: 'chicago', phone: '(773) 555-0129', address: '5430 S Harper Ave, Chicago, IL 60615' },
  { name: 'Emma Lindqvist', city: 'chicago', phone: '(312) 555-0135', address: '3150 N Sheffield Ave, Chicago, IL 60657' },
  { name: 'Raj Mehta', city: 'chicago', phone: '(773) 555-0156', address: '1020 W Argyle St, Chicago, IL 60640' },
  { name: 'Brittney Hale', city: 'dallas', phone: '(214) 555-0112', address: '5619 Vickery Blvd, Dallas, TX 75206' },
  { name: 'Luis Garza', city: 'dallas', phone: '(214) 555-0127', address: '1212 N Bishop Ave, Dallas, TX 75208' },
  { name: 'Megan Pruitt', city: 'dallas', phone: '(214) 555-0139', address: '6830 Lakewood Blvd, Dallas, TX 75214' },
  { name: 'Chris Walton', city: 'dallas', phone: '(214) 555-0164', address: '4515 Lemmon Ave, Dallas, TX 75219' },
  { name: 'Allison Hart', city: 'denver', phone: '(303) 555-0115', address: '1455 S Pearl St, Denver, CO 80210' },
  { name: 'Jake Romero', city: 'denver', phone: '(720) 555-0133', address: '3320 Tejon St, Denver, CO 80211' },
  { name: 'Zoe Fischer', city: 'denver', phone: '(303) 555-0147', address: '822 Corona St, Denver, CO 80218' },
  { name: 'Owen Baker', city: 'denver', phone: '(720) 555-0158', address: '2645 Dahlia St, Denver, CO 80207' },
  { name: 'Jasmine Ellis', city: 'houston', phone: '(713) 555-0118', address: '1817 Kipling St, Houston, TX 77098' },
  { name: 'Omar Aziz', city: 'houston', phone: '(713) 555-0124', address: '2501 Rice Blvd, Houston, TX 77005' },
  { name: 'Kelly Boone', city: 'houston', phone: '(713) 555-0151', address: '614 Heights Blvd, Houston, TX 77007' },
  { name: 'Victor Salinas', city: 'houston', phone: '(713) 555-0169', address: '2010 Dryden Rd, Houston, TX 77030' },
  { name: 'Rebecca Stein', city: 'los-angeles', phone: '(323) 555-0114', address: '1930 Hillhurst Ave, Los Angeles, CA 90027' },
  { name: 'Kevin Yamada', city: 'los-angeles', phone: '(310) 555-0136', address: '3417 Overland Ave, Los Angeles, CA 90034' },
  { name: 'Natalie Ruiz', city: 'los-angeles', phone: '(310) 555-0142', address: '2240 Sawtelle Blvd, Los Angeles, CA 90064' },
  { name: 'Sofia Ibarra', city: 'los-angeles', phone: '(323) 555-0165', address: '1516 Echo Park Ave, Los Angeles, CA 90026' },
  { name: 'Tyler Quinn', city: 'san-diego', phone: '(619) 555-0113', address: '3845 Park Blvd, San Diego, CA 92103' },
  { name: 'Hailey Becker', city: 'san-diego', phone: '(619) 555-0128', address: '4320 Utah St, San Diego, CA 92104' },
  { name: 'Diego Alvarez', city: 'san-diego', phone: '(619) 555-0149', address: '2725 Ocean Front Walk, San Diego, CA 92109' },
  { name: 'Erin Castillo', city: 'san-diego', phone: '(858) 555-0157', address: '5531 La Jolla Blvd, San Diego, CA 92037' },
  { name: 'Anna Schultz', city: 'san-francisco', phone: '(415) 555-0116', address: '1428 Irving St, San Francisco, CA 94122' },
  { name: "Ryan O'Connell", city: 'san-francisco', phone: '(415) 555-0132', address: '415 Noe St, San Francisco, CA 94114' },
  { name: 'Julia Moreno', city: 'san-francisco', phone: '(415) 555-0145', address: '3267 21st St, San Francisco, CA 94110' },
  { name: 'Kenji Mori', city: 'san-francisco', phone: '(415) 555-0168', address: '1830 Clement St, San Francisco, CA 94121' },
  { name: "Liam O'Neill", city: 'seattle', phone: '(206) 555-0122', address: '4107 Wallingford Ave N, Seattle, WA 98103' },
  { name: 'Elena Petrov', city: 'seattle', phone: '(206) 555-0137', address: '6519 22nd Ave NE, Seattle, WA 98115' },
  { name: 'Jon Eriksen', city: 'seattle', phone: '(206) 555-0153', address: '5314 Ballard Ave NW, Seattle, WA 98107' },
  { name: 'Amy Chu', city: 'seattle', phone: '(206) 555-0171', address: '2218 E Madison St, Seattle, WA 98112' },
  { name: 'Michael Ford', city: 'washington-dc', phone: '(202) 555-0119', address: '625 G St SE, Washington, DC 20003' },
  { name: 'Imani Walker', city: 'washington-dc', phone: '(202) 555-0125', address: '1729 Riggs Pl NW, Washington, DC 20009' },
  { name: 'Peter Lang', city: 'washington-dc', phone: '(202) 555-0143', address: '4410 Garfield St NW, Washington, DC 20007' },
  { name: 'Laura Bennett', city: 'washington-dc', phone: '(202) 555-0161', address: '3520 Macomb St NW, Washington, DC 20016' },
]

/**
 * Nurses with no past here: the demo's own journeys need them as they are. Sarah Whitfield gets
 * her first review in tests/e2e/reviews.spec.ts; Keisha Johnson's and Grace Okafor's recent nights
 * are still owed (no payout account); the admin tests find Kwame Mensah's, Latoya Harris's and
 * Hoa Pham's bookings by name, one row each.
 */
export const NURSES_WITHOUT_PAST = new Set([
  'Sarah Whitfield',
  'Keisha Johnson',
  'Grace Okafor',
  'Kwame Mensah',
  'Latoya Harris',
  'Hoa Pham',
])

// What families write, by stars. `{nurse}` is the nurse's first name. Rotated, not drawn, so two
// reviews of one nurse never read alike.
const REVIEW_WORDS: Record<3 | 4 | 5, string[]> = {
  5: [
    '{nurse} was a lifesaver. Our son had his days and nights mixed up, and within a week he was sleeping in three-hour stretches.',
    'Calm, kind and completely reliable. {nurse} arrived early every night and left us a written log of every feed and diaper.',
    'We had twins and no family nearby. {nurse} kept both babies fed and settled, and we finally slept. Cannot recommend her enough.',
    'I was anxious about leaving our daughter with anyone, but {nurse} put me at ease on the first night. She is a true professional.',
    '{nurse} helped with latching at the 2 a.m. feed, then sent us back to bed. It made such a difference in those first weeks.',
    'Gentle, quiet and so organized. The nursery and the bottles were spotless every morning. We booked her again for a second month.',
    'Our baby had reflux and {nurse} knew exactly what to do. Her tips for the upright holds still help us now.',
    'Worth every penny. {nurse} gave us our evenings and our sanity back in the hardest weeks.',
    'From the first night {nurse} felt like part of the family. Our older daughter adored her too.',
    'Punctual, warm and full of practical advice. We learned more from {nurse} in four nights than from all the books.',
    '{nurse} set up a simple feeding schedule that we kept after she left. Our pediatrician was impressed.',
    'Absolutely wonderful. {nurse} noticed our son was congested and told us in the morning; the doctor confirmed it was a mild cold.',
    'We had a preemie and were terrified. {nurse} was patient with all our questions and so careful with him.',
    'The best decision we made after the birth. {nurse} is skilled, discreet and lovely to have in the house.',
  ],
  4: [
    '{nurse} was very good with our baby and kept a detailed log. She arrived a little late one night, but let us know ahead.',
    'Really helpful nights. {nurse} is knowledgeable and kind; the only thing we would change is a bit more detail in the morning handover.',
    'Solid, experienced care. Our daughter slept better by the end of the week, and so did we.',
    '{nurse} was great with feeds and settling. She prefers a quiet house, so we moved the dog out of the hallway, which was fair enough.',
    'We felt safe leaving our son with {nurse}. Good communication and very tidy. Would book again.',
    'Lovely nurse with a gentle manner. The first night was a little bumpy while we all found a routine, then it went smoothly.',
    '{nurse} gave us good advice on swaddling and sleep cues. A great help during the first month.',
    'Professional and warm. She took the bottles and pump parts in hand every night, which we really appreciated.',
    'Very reliable. {nurse} knew a lot about breastfeeding support, though we ended up switching to formula anyway.',
  ],
  3: [
    '{nurse} was kind and the baby was well cared for, but the morning notes were short and we had to ask for details.',
    'Fine overall. Our son slept well on her nights, but we would have liked more help with a feeding plan.',
    'Caring and competent, but our schedules never quite matched, and one night started half an hour late.',
    'Good with the baby. We found her a little reserved at first; by the third night it felt easier.',
    'Our nights were okay. {nurse} followed our instructions, but we had hoped for more advice on sleep shaping.',
  ],
}

// The nurse's answers. `{family}` is the family's first name.
const REPLIES = [
  'Thank you, {family}! It was a joy to spend those nights with your little one. Wishing you many restful nights ahead.',
  'Thank you for trusting me with your baby, {family}. I loved watching those sleep stretches grow!',
  'Thank you for the kind words, {family}. Give the little one a cuddle from me.',
  'Thank you for the feedback, {family}. I have since started leaving a fuller written handover every morning.',
  'It was a pleasure, {family}. Congratulations again, and I am always happy to help if you need another night.',
  'Thank you, {family}. I am sorry about the late start that night; I now plan my evenings with more margin.',
  'Thank you so much, {family}! Your home was so welcoming, and I am glad the routine is still working.',
  'Thank you for your honest review, {family}. I appreciate it, and I wish your family all the best.',
]

type Rng = () => number

export interface PastNurse {
  name: string
  city: CityPageSlug
  /** When she was approved: nothing is booked with her before. */
  verifiedAt: Date
}

export interface PastBooking {
  family: PastFamily
  nurse: string
  /** Days from the nurse's today to the first night (negative: in the past). */
  startOffset: number
  nights: number[]
  /** How many days before the first night the family booked. */
  bookedDaysAhead: number
  review: { rating: 3 | 4 | 5; body: string; reply: string | null; daysAfter: number; repliedHoursAfter: number } | null
}

const DAY_MS = 24 * 60 * 60 * 1000
/** The oldest and the newest first night of the past bookings, in days before today. */
const OLDEST_DAYS = 330
/** Past the payout job's 30-day look-back and the night reports' 7-day window. */
const NEWEST_DAYS = 45

function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1))
}

function pickDistinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items]
  const chosen: T[] = []
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(rng() * pool.length), 1)[0])
  return chosen
}

function firstName(name: string): string {
  return name.split(' ')[0]
}

/**
 * The families' past bookings with the nurses of their city, each reviewed or not. A nurse works
 * one family's nights at a time and a family has one nurse at a time (a day apart at least), and
 * nothing is booked before the nurse was approved.
 */
export function planPastBookings(nurses: readonly PastNurse[], now: Date, rng: Rng): PastBooking[] {
  const busy = new Map<string, Set<number>>()
  const free = (who: string, from: number, to: number) => {
    const days = busy.get(who)
    for (let day = from - 1; day <= to + 1; day++) if (days?.has(day)) return false
    return true
  }
  const take = (who: string, from: number, to: number) => {
    const days = busy.get(who) ?? new Set<number>()
    for (let day = from; day <= to; day++) days.add(day)
    busy.set(who, days)
  }
  const turn = { 3: 0, 4: 0, 5: 0, reply: 0 }
  const planned: PastBooking[] = []
  for (const family of PAST_FAMILIES) {
    const candidates = nurses.filter((nurse) => nurse.city === family.city && !NURSES_WITHOUT_PAST.has(nurse.name))
    for (const nurse of pickDistinct(rng, candidates, intBetween(rng, 1, 3))) {
      const count = intBetween(rng, 2, 6)
      const bookedDaysAhead = intBetween(rng, 5, 30)
      const approvedDaysAgo = Math.floor((now.getTime() - nurse.verifiedAt.getTime()) / DAY_MS)
      const earliest = -Math.min(OLDEST_DAYS, approvedDaysAgo - bookedDaysAhead - 1)
      const latest = -NEWEST_DAYS - count
      let startOffset: number | null = null
      for (let attempt = 0; attempt < 8 && earliest <= latest; attempt++) {
        const candidate = intBetween(rng, earliest, latest)
        if (free(nurse.name, candidate, candidate + count - 1) && free(family.name, candidate, candidate + count - 1)) {
          startOffset = candidate
          break
        }
      }
      // Drawn for every booking, placed or not, so one change does not reshuffle the rest.
      const reviewed = rng() < 0.85
      const roll = rng()
      const answered = rng() < 0.45
      const daysAfter = intBetween(rng, 1, 5)
      const repliedHoursAfter = intBetween(rng, 6, 60)
      if (startOffset === null) continue
      take(nurse.name, startOffset, startOffset + count - 1)
      take(family.name, startOffset, startOffset + count - 1)
      let review: PastBooking['review'] = null
      if (reviewed) {
        const rating = roll < 0.62 ? 5 : roll < 0.9 ? 4 : 3
        const words = REVIEW_WORDS[rating]
        const body = words[turn[rating]++ % words.length].replaceAll('{nurse}', firstName(nurse.name))
        const reply = answered ? REPLIES[turn.reply++ % REPLIES.length].replaceAll('{family}', firstName(family.name)) : null
        review = { rating, body, reply, daysAfter, repliedHoursAfter }
      }
      planned.push({
        family,
        nurse: nurse.name,
        startOffset,
        nights: Array.from({ length: count }, (_, night) => night),
        bookedDaysAhead,
        review,
      })
    }
  }
  return planned
}
