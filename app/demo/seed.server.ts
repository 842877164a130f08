// Demo data (README.md): the three demo accounts, approved nurses in every city page's city with
// photos, availability and varied rates, pending and rejected applicants, parents with upcoming,
// past and cancelled bookings and their payments, a year of other families' bookings with their
// reviews (review-history.ts), and a few newsletter subscribers.
// Idempotent (nothing happens when admin@example.com exists), one transaction, deterministic: a
// fixed-seed PRNG makes the same data on every run, with dates relative to `options.now`.
import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { nightShareCents } from '../domain/bookings/cancellation'
import { CITY_PAGE_SLUGS, timezoneForLocation, type CityPageSlug } from '../domain/places/cities'
import { CITY_PAGES } from '../domain/places/city-pages'
import { baseLocationColumns } from '../domain/places/gazetteer.server'
import { hashPassword } from '../domain/accounts/passwords.server'
import { priceNights } from '../domain/bookings/pricing'
import { nightInstants } from '../domain/time/night-instants'
import { addDays, formatNightDate, localToday } from '../domain/time/shift-times'
import { nurseSlug, slugify } from '../domain/nurses/slugs'
import { payableAt, settleNight } from '../domain/payouts/payout-rules'
import type { Db, Tx } from '../db/client.server'
import {
  availabilityDates,
  bookingOccurrences,
  bookings,
  files,
  newsletterSubscribers,
  notificationPreferences,
  nurseProfiles,
  nightProblems,
  nightReports,
  payments,
  payoutAccounts,
  reviews,
  testProviderAccounts,
  users,
} from '../db/schema'
import { insertDemoChecks, insertDemoCredentials } from './demo-checks.server'
import { insertDemoInterview } from './demo-interviews.server'
import { insertDemoReservations } from './demo-reservations.server'
import { PAST_FAMILIES, planPastBookings, type PastBooking } from './review-history'

export const DEMO_PASSWORD = 'nightnurse-demo'
export const DEMO_ADMIN_EMAIL = 'admin@example.com'
export const DEMO_PARENT_EMAIL = 'parent@example.com'
export const DEMO_NURSE_EMAIL = 'nurse@example.com'

/** How far ahead seeded nurses publish open nights. */
const AVAILABILITY_DAYS = 56
/**
 * The nights one nurse in each town keeps open every night: search by nights in the demo, and a
 * backup open on every night of the demo family's plan if its baby comes before Nora's window.
 */
const STEADY_NIGHTS = 35
const DAY_MS = 24 * 60 * 60 * 1000

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

function mulberry32(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Rng = () => number

function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1))
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]
}

function pickDistinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items]
  const chosen: T[] = []
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(rng() * pool.length), 1)[0])
  return chosen
}

// ---------------------------------------------------------------------------------------------
// The nurses

type Credential = 'RN' | 'LPN' | 'CNA' | 'NCS' | 'Doula' | 'Other'
type Specialty =
  | 'Newborn Care'
  | 'Twin/Multiple Care'
  | 'Special Needs'
  | 'Sleep Training'
  | 'Postpartum Support'
  | 'Breastfeeding Support'
type Language =
  | 'English'
  | 'Spanish'
  | 'Mandarin'
  | 'Vietnamese'
  | 'Tagalog'
  | 'French'
  | 'Hindi'
  | 'Arabic'
  | 'Portuguese'

interface NurseSeed {
  name: string
  /** nurse-NN.svg */
  photo: number
  /** A city page's city, or a place outside them (applicants). */
  city: CityPageSlug | { name: string; state: string }
  zip: string
  credentials: Credential[]
  specialties: Specialty[]
  languages: Language[]
  headline: string
  /** The sentence of the bio that is this nurse's own. */
  detail: string
  years?: number
}

// The city as written in a base location ('Washington, DC', not 'Washington DC, DC').
const LOCALITY: Partial<Record<CityPageSlug, string>> = { 'washington-dc': 'Washington' }

const NORA: NurseSeed = {
  name: 'Nora Nightingale',
  photo: 1,
  city: 'austin',
  zip: '78704',
  credentials: ['RN', 'NCS'],
  specialties: ['Newborn Care', 'Twin/Multiple Care', 'Sleep Training'],
  languages: ['English', 'Spanish'],
  headline: 'RN & certified newborn care specialist',
  detail:
    'Night shifts have been my calling for most of my career, and I still get a thrill when new parents tell me about their first full night of sleep.',
  years: 14,
}

const APPROVED_NURSES: NurseSeed[] = [
  // Austin
  {
    name: 'Maria Lopez',
    photo: 14,
    city: 'austin',
    zip: '78745',
    credentials: ['RN', 'NCS'],
    specialties: ['Newborn Care', 'Breastfeeding Support', 'Postpartum Support'],
    languages: ['English', 'Spanish'],
    headline: 'Bilingual RN & newborn care specialist',
    detail:
      'Before going independent I worked on a mother-baby unit, and I still love helping a family find its rhythm in those first foggy weeks.',
  },
  {
    name: 'Keisha Johnson',
    photo: 2,
    city: 'austin',
    zip: '78731',
    credentials: ['RN'],
    specialties: ['Newborn Care', 'Special Needs'],
    languages: ['English'],
    headline: 'Former NICU nurse offering calm, restful nights',
    detail: 'I spent years as a NICU nurse, so preemies and babies with reflux feel like familiar territory to me.',
  },
  {
    name: 'Emily Carter',
    photo: 16,
    city: 'austin',
    zip: '78702',
    credentials: ['NCS', 'CNA'],
    specialties: ['Sleep Training', 'Newborn Care'],
    languages: ['English'],
    headline: 'Newborn care specialist with a gentle sleep focus',
    detail:
      'I keep a simple written log of every feed, diaper and stretch of sleep, so you wake up knowing exactly how the night went.',
  },
  // Baltimore
  {
    name: 'Danielle Brooks',
    photo: 13,
    city: 'baltimore',
    zip: '21224',
    credentials: ['LPN', 'NCS'],
    specialties: ['Twin/Multiple Care', 'Newborn Care'],
    languages: ['English'],
    headline: 'LPN & twins specialist',
    detail: 'Twins are my favorite puzzle: I have helped many families get two babies onto the same feeding schedule.',
  },
  {
    name: 'Grace Okafor',
    photo: 8,
    city: 'baltimore',
    zip: '21211',
    credentials: ['RN', 'Doula'],
    specialties: ['Postpartum Support', 'Breastfeeding Support'],
    languages: ['English'],
    headline: 'RN & postpartum doula for the whole family',
    detail:
      'As a postpartum doula as well as a nurse, I care for the parent who is recovering just as much as for the baby.',
  },
  {
    name: 'Hannah Miller',
    photo: 4,
    city: 'baltimore',
    zip: '21230',
    credentials: ['CNA', 'NCS'],
    specialties: ['Newborn Care', 'Sleep Training'],
    languages: ['English'],
    headline: 'Certified newborn care specialist',
    detail: 'I am calm, quiet and organized, and I leave the nursery and the bottles tidier than I found them.',
  },
  // Boston
  {
    name: "Siobhan O'Brien",
    photo: 10,
    city: 'boston',
    zip: '02116',
    credentials: ['RN', 'NCS'],
    specialties: ['Newborn Care', 'Twin/Multiple Care'],
    languages: ['English'],
    headline: 'RN & certified newborn care specialist',
    detail:
      'I trained at a busy Boston teaching hospital and now focus entirely on overnight care for newborns and their tired parents.',
  },
  {
    name: 'Priya Raman',
    photo: 12,
    city: 'boston',
    zip: '02130',
    credentials: ['RN'],
    specialties: ['Breastfeeding Support', 'Newborn Care'],
    languages: ['English', 'Hindi'],
    headline: 'Registered nurse with lactation know-how',
    detail:
      'Many of my families are first-time parents far from their own, and I am happy to share tips in English or Hindi at the 3 a.m. feed.',
  },
  {
    name: 'Thu Nguyen',
    photo: 6,
    city: 'boston',
    zip: '02127',
    credentials: ['LPN', 'NCS'],
    specialties: ['Sleep Training', 'Newborn Care'],
    languages: ['English', 'Vietnamese'],
    headline: 'Night nurse & gentle sleep coach',
    detail: 'I love gentle sleep shaping and help babies learn the difference between day and night from the very first week.',
  },
  // Chicago
  {
    name: 'Latoya Harris',
    photo: 2,
    city: 'chicago',
    zip: '60614',
    credentials: ['RN', 'NCS'],
    specialties: ['Special Needs', 'Newborn Care'],
    languages: ['English'],
    headline: 'RN experienced with medically complex newborns',
    detail:
      "I have cared for babies with feeding tubes, heart conditions and other special needs, and I work closely with each family's care plan.",
  },
  {
    name: 'Marcus Reed',
    photo: 5,
    city: 'chicago',
    zip: '60657',
    credentials: ['RN'],
    specialties: ['Newborn Care', 'Sleep Training'],
    languages: ['English'],
    headline: 'Pediatric RN for overnight newborn care',
    detail: 'I worked nights on a pediatric unit for years, so staying bright and attentive at 4 a.m. comes naturally to me.',
  },
  {
    name: 'Margaret Novak',
    photo: 9,
    city: 'chicago',
    zip: '60640',
    credentials: ['RN', 'NCS'],
    specialties: ['Newborn Care', 'Postpartum Support', 'Twin/Multiple Care'],
    languages: ['English'],
    headline: 'Veteran RN & newborn care specialist',
    detail: "I have rocked more newborns than I can count, and I still treat every family's first weeks as something special.",
    years: 25,
  },
  // Dallas
  {
    name: 'Rosa Martínez',
    photo: 3,
    city: 'dallas',
    zip: '75206',
    credentials: ['RN', 'NCS'],
    specialties: ['Breastfeeding Support', 'Newborn Care'],
    languages: ['English', 'Spanish'],
    headline: 'Bilingual RN & certified newborn care specialist',
    detail:
      'Bilingual families often tell me what a relief it is to talk through feeding questions in Spanish in the middle of the night.',
  },
  {
    name: 'Jessica Tran',
    photo: 6,
    city: 'dallas',
    zip: '75214',
    credentials: ['LPN'],
    specialties: ['Newborn Care', 'Sleep Training'],
    languages: ['English', 'Vietnamese'],
    headline: 'LPN & overnight newborn caregiver',
    detail: 'Before nursing I was a preschool teacher, which taught me patience and a good sense of humor.',
  },
  {
    name: 'Ashley Thompson',
    photo: 16,
    city: 'dallas',
    zip: '75230',
    credentials: ['NCS', 'CNA'],
    specialties: ['Newborn Care', 'Postpartum Support'],
    languages: ['English'],
    headline: 'Newborn care specialist for colicky babies',
    detail: 'I specialize in colicky, unsettled babies and have a whole toolbox of soothing techniques for the long evenings.',
  },
  // Denver
  {
    name: 'Sarah Whitfield',
    photo: 4,
    city: 'denver',
    zip: '80206',
    credentials: ['RN'],
    specialties: ['Newborn Care', 'Special Needs'],
    languages: ['English'],
    headline: 'RN with Level III NICU experience',
    detail: 'I came to private care from a Level III NICU, and I bring that same careful eye to every nursery I walk into.',
  },
  {
    name: 'Camila Reyes',
    photo: 14,
    city: 'denver',
    zip: '80218',
    credentials: ['Doula', 'NCS'],
    specialties: ['Postpartum Support', 'Breastfeeding Support'],
    languages: ['English', 'Spanish'],
    headline: 'Postpartum doula & newborn care specialist',
    detail: 'Postpartum recovery at altitude can be harder than people expect, and I make sure parents rest, eat and heal.',
  },
  {
    name: 'Jenna Morrison',
    photo: 1,
    city: 'denver',
    zip: '80210',
    credentials: ['CNA', 'NCS'],
    specialties: ['Twin/Multiple Care', 'Sleep Training'],
    languages: ['English'],
    headline: 'Newborn care specialist for twins and multiples',
    detail: 'I help parents of twins and triplets set up a feeding and sleeping routine they can keep going after I leave.',
  },
  // Houston
  {
    name: 'Amara Nwosu',
    photo: 8,
    city: 'houston',
    zip: '77005',
    credentials: ['RN', 'NCS'],
    specialties: ['Special Needs', 'Newborn Care'],
    languages: ['English'],
    headline: 'RN & certified newborn care specialist',
    detail:
      'Many of my families come home from the Medical Center with a baby who needed a little extra care, and I love helping them settle in.',
  },
  {
    name: 'Fatima Haddad',
    photo: 7,
    city: 'houston',
    zip: '77007',
    credentials: ['RN'],
    specialties: ['Newborn Care', 'Breastfeeding Support'],
    languages: ['English', 'Arabic'],
    headline: 'Registered nurse for overnight newborn care',
    detail:
      'I speak English and Arabic and enjoy supporting families from many cultures and traditions through their first weeks.',
  },
  {
    name: 'Daniel Ortiz',
    photo: 5,
    city: 'houston',
    zip: '77098',
    credentials: ['LPN', 'NCS'],
    specialties: ['Newborn Care', 'Sleep Training'],
    languages: ['English', 'Spanish'],
    headline: 'LPN & newborn sleep specialist',
    detail: 'As a dad of three myself, I know how much a full night of sleep can change how a whole family feels.',
  },
  // Los Angeles
  {
    name: 'Mei Chen',
    photo: 6,
    city: 'los-angeles',
    zip: '90027',
    credentials: ['RN', 'NCS'],
    specialties: ['Newborn Care', 'Twin/Multiple Care'],
    languages: ['English', 'Mandarin'],
    headline: 'Bilingual RN & newborn care specialist',
    detail: 'I offer overnight care in English and Mandarin and keep a detailed night log for parents and grandparents alike.',
  },
  {
    name: 'Isabella Rossi',
    photo: 10,
    city: 'los-angeles',
    zip: '90064',
    credentials: ['Doula', 'CNA'],
    specialties: ['Breastfeeding Support', 'Postpartum Support'],
    languages: ['English'],
    headline: 'Postpartum doula & night nurse',
    detail: 'I came to newborn care through birth work, and I am passionate about supporting breastfeeding without pressure.',
  },
  {
    name: 'Joanna Santos',
    photo: 12,
    city: 'los-angeles',
    zip: '90034',
    credentials: ['RN'],
    specialties: ['Newborn Care', 'Postpartum Support'],
    languages: ['English', 'Tagalog'],
    headline: 'Registered nurse & overnight newborn care',
    detail:
      'I grew up in a big Filipino family where babies were always being passed around, so caring for newborns feels like home.',
  },
  // San Diego
  {
    name: 'Ana Souza',
    photo: 3,
    city: 'san-diego',
    zip: '92103',
    credentials: ['NCS', 'Doula'],
    specialties: ['Newborn Care', 'Postpartum Support'],
    languages: ['English', 'Portuguese', 'Spanish'],
    headline: 'Newborn care specialist & postpartum doula',
    detail: 'I grew up between Brazil and California and love bringing calm, unhurried care to the families I work with.',
  },
  {
    name: 'Rachel Kim',
    photo: 12,
    city: 'san-diego',
    zip: '92104',
    credentials: ['RN'],
    specialties: ['Newborn Care', 'Breastfeeding Support', 'Special Needs'],
    languages: ['English'],
    headline: 'Pediatric RN for newborn nights',
    detail:
      'My background is in pediatric nursing, and I am especially comfortable with reflux, jaundice follow-up and tricky latches.',
  },
  {
    name: 'James Whitaker',
    photo: 11,
    city: 'san-diego',
    zip: '92122',
    credentials: ['RN', 'NCS'],
    specialties: ['Newborn Care', 'Twin/Multiple Care'],
    languages: ['English'],
    headline: 'RN & certified newborn care specialist',
    detail:
      'I served as a Navy corpsman before nursing school, so I am steady, punctual and, families tell me, very good at swaddling.',
  },
  // San Francisco
  {
    name: 'Lin Zhao',
    photo: 6,
    city: 'san-francisco',
    zip: '94122',
    credentials: ['RN', 'NCS'],
    specialties: ['Newborn Care', 'Sleep Training'],
    languages: ['English', 'Mandarin'],
    headline: 'Bilingual RN for calm overnight care',
    detail:
      'Many of my families have grandparents visiting from overseas, and I am happy to explain the night in Mandarin or English.',
  },
  {
    name: 'Claire Dubois',
    photo: 4,
    city: 'san-francisco',
    zip: '94114',
    credentials: ['NCS'],
    specialties: ['Sleep Training', 'Newborn Care'],
    languages: ['English', 'French'],
    headline: 'Maternity nurse & baby-led sleep specialist',
    detail: 'I trained as a maternity nurse in Lyon before moving to San Francisco, and I love gentle, baby-led routines.',
  },
  {
    name: 'Maya Patel',
    photo: 3,
    city: 'san-francisco',
    zip: '94110',
    credentials: ['RN', 'Doula'],
    specialties: ['Postpartum Support', 'Breastfeeding Support'],
    languages: ['English', 'Hindi'],
    headline: 'RN & postpartum doula',
    detail: 'I support both parents through postpartum recovery and love helping partners build confidence with the baby.',
  },
  // Seattle
  {
    name: 'Kaitlyn Olsen',
    photo: 16,
    city: 'seattle',
    zip: '98103',
    credentials: ['RN'],
    specialties: ['Newborn Care', 'Sleep Training'],
    languages: ['English'],
    headline: 'Registered nurse & night-time sleep helper',
    detail:
      'Rainy Seattle nights are cozy nights in the nursery, and I am happiest when parents finally get a solid stretch of sleep.',
  },
  {
    name: 'Mariel Dela Cruz',
    photo: 14,
    city: 'seattle',
    zip: '98115',
    credentials: ['LPN', 'NCS'],
    specialties: ['Twin/Multiple Care', 'Newborn Care'],
    languages: ['English', 'Tagalog'],
    headline: 'LPN & twins specialist',
    detail:
      'I have cared for many sets of twins and know how to keep two babies fed, changed and settled without waking the house.',
  },
  {
    name: 'Hoa Pham',
    photo: 12,
    city: 'seattle',
    zip: '98107',
    credentials: ['RN', 'NCS'],
    specialties: ['Newborn Care', 'Breastfeeding Support'],
    languages: ['English', 'Vietnamese'],
    headline: 'RN & certified newborn care specialist',
    detail: 'I bring a quiet, steady presence to the nursery and share practical tips for feeding, burping and soothing.',
  },
  // Washington DC
  {
    name: 'Nia Williams',
    photo: 13,
    city: 'washington-dc',
    zip: '20003',
    credentials: ['RN', 'NCS'],
    specialties: ['Newborn Care', 'Postpartum Support'],
    languages: ['English'],
    headline: 'RN & certified newborn care specialist',
    detail: "I have worked with many busy Capitol Hill families and know how to fit into a household's routine without fuss.",
  },
  {
    name: 'Sophie Laurent',
    photo: 1,
    city: 'washington-dc',
    zip: '20009',
    credentials: ['NCS', 'Doula'],
    specialties: ['Newborn Care', 'Sleep Training'],
    languages: ['English', 'French'],
    headline: 'Bilingual newborn care specialist',
    detail: 'I speak English and French and often care for the babies of international families posted to the District.',
  },
  {
    name: 'Kwame Mensah',
    photo: 15,
    city: 'washington-dc',
    zip: '20016',
    credentials: ['RN'],
    specialties: ['Special Needs', 'Newborn Care'],
    languages: ['English'],
    headline: 'Pediatric RN for babies with extra needs',
    detail: 'I am a pediatric nurse by training and a night nurse by calling, with a special interest in babies with medical needs.',
  },
]

const PENDING_APPLICANTS: NurseSeed[] = [
  {
    name: 'Brittany Cole',
    photo: 10,
    city: { name: 'Atlanta', state: 'GA' },
    zip: '30306',
    credentials: ['CNA', 'NCS'],
    specialties: ['Newborn Care', 'Sleep Training'],
    languages: ['English'],
    headline: 'Newborn care specialist',
    detail: 'I recently finished my newborn care specialist certification and am excited to support Atlanta families overnight.',
  },
  {
    name: 'Lucía Herrera',
    photo: 14,
    city: { name: 'Miami', state: 'FL' },
    zip: '33133',
    credentials: ['RN'],
    specialties: ['Newborn Care', 'Breastfeeding Support'],
    languages: ['English', 'Spanish'],
    headline: 'Bilingual registered nurse',
    detail: 'I worked in labor and delivery and now want to follow families home for the nights that come after.',
  },
  {
    name: 'Olivia Park',
    photo: 6,
    city: { name: 'Phoenix', state: 'AZ' },
    zip: '85016',
    credentials: ['LPN'],
    specialties: ['Newborn Care', 'Twin/Multiple Care'],
    languages: ['English'],
    headline: 'LPN for overnight newborn care',
    detail: 'I am a twin myself and have a soft spot for families welcoming more than one baby at once.',
  },
  {
    name: 'Deshawn Carter',
    photo: 15,
    city: { name: 'Nashville', state: 'TN' },
    zip: '37206',
    credentials: ['RN'],
    specialties: ['Newborn Care', 'Special Needs'],
    languages: ['English'],
    headline: 'Registered nurse & night nurse',
    detail: 'I spent several years on a pediatric cardiac unit and enjoy helping families feel confident at home.',
  },
]

/** The applicant whose background check came back 'consider' (a misdemeanor record): the admins' queue. */
const DEMO_CONSIDER_APPLICANT = PENDING_APPLICANTS[PENDING_APPLICANTS.length - 1]

const REJECTED_APPLICANTS: (NurseSeed & { rejectionReason: string })[] = [
  {
    name: 'Megan Sullivan',
    photo: 4,
    city: { name: 'Portland', state: 'OR' },
    zip: '97214',
    credentials: ['Doula'],
    specialties: ['Postpartum Support'],
    languages: ['English'],
    headline: 'Postpartum doula',
    detail: 'I support new parents with meals, rest and a listening ear as much as with the baby.',
    rejectionReason: 'The government ID was unreadable; please upload a clearer scan.',
  },
  {
    name: 'Yasmin Ali',
    photo: 7,
    city: { name: 'Philadelphia', state: 'PA' },
    zip: '19103',
    credentials: ['RN'],
    specialties: ['Newborn Care', 'Breastfeeding Support'],
    languages: ['English', 'Arabic'],
    headline: 'Registered nurse for newborn nights',
    detail: 'I love the quiet of the night shift and the trust families place in me with their newest member.',
    rejectionReason: 'The nursing certificate you uploaded has expired; please upload your current certificate.',
  },
]

const CREDENTIAL_PHRASES: Record<Credential, string> = {
  RN: 'a registered nurse',
  LPN: 'a licensed practical nurse',
  CNA: 'a certified nursing assistant',
  NCS: 'a certified newborn care specialist',
  Doula: 'a postpartum doula',
  Other: 'a newborn caregiver',
}

function credentialPhrase(credentials: Credential[]): string {
  const first = CREDENTIAL_PHRASES[credentials[0]]
  if (credentials[0] !== 'NCS' && credentials.includes('NCS')) {
    return `${first} and certified newborn care specialist`
  }
  return first
}

function cityNameOf(seed: NurseSeed): string {
  return typeof seed.city === 'string' ? CITY_PAGES[seed.city].cityName : seed.city.name
}

function baseLocationOf(seed: NurseSeed): string {
  if (typeof seed.city === 'string') {
    const page = CITY_PAGES[seed.city]
    return `${LOCALITY[seed.city] ?? page.cityName}, ${page.stateAbbr} ${seed.zip}`
  }
  return `${seed.city.name}, ${seed.city.state} ${seed.zip}`
}

function bioOf(seed: NurseSeed, years: number, rng: Rng, index: number): string {
  const first = seed.name.split(' ')[0]
  const cred = credentialPhrase(seed.credentials)
  const city = cityNameOf(seed)
  const openings = [
    `Hi, I'm ${first}! I'm ${cred} with ${years} years of caring for newborns through the night.`,
    `I'm ${first}, ${cred} in ${city}, and I have spent ${years} years helping families through the newborn stage.`,
    `Hello! I'm ${first}, ${cred} with ${years} years of overnight newborn experience.`,
  ]
  const closings: string[] = [
    'Nothing makes me happier than hearing a parent say they finally feel like themselves again.',
    'You can sleep knowing your baby is in gentle, experienced hands.',
  ]
  if (typeof seed.city === 'string') {
    const [a, b] = pickDistinct(rng, CITY_PAGES[seed.city].neighborhoods, 2)
    closings.push(
      `I care for families across ${a}, ${b} and nearby, and I arrive each evening ready to let you rest.`,
      `Whether you are in ${a} or ${b}, I will help your home feel calm and rested again.`,
    )
  }
  // Rotated rather than drawn, so neighbouring nurses never read alike.
  return `${openings[index % openings.length]} ${seed.detail} ${closings[(index + 1) % closings.length]}`
}

// ---------------------------------------------------------------------------------------------
// Parents and their bookings

interface ParentSeed {
  email: string
  name: string
  phone: string
  address: string
  reminderHoursBefore?: number
}

const JORDAN: ParentSeed = {
  email: DEMO_PARENT_EMAIL,
  name: 'Jordan Parent',
  phone: '(512) 555-0186',
  address: '1408 Bouldin Ave, Austin, TX 78704',
}

const OTHER_PARENTS: ParentSeed[] = [
  {
    email: 'sam.rivera@example.com',
    name: 'Sam Rivera',
    phone: '(713) 555-0134',
    address: '2315 Bissonnet St, Houston, TX 77005',
    reminderHoursBefore: 48,
  },
  {
    email: 'morgan.lee@example.com',
    name: 'Morgan Lee',
    phone: '(312) 555-0177',
    address: '2041 N Bissell St, Chicago, IL 60614',
  },
  {
    email: 'casey.nguyen@example.com',
    name: 'Casey Nguyen',
    phone: '(206) 555-0119',
    address: '4316 Fremont Ave N, Seattle, WA 98103',
  },
  {
    email: 'jamie.okoro@example.com',
    name: 'Jamie Okoro',
    phone: '(202) 555-0163',
    address: '1733 Kalorama Rd NW, Washington, DC 20009',
  },
  {
    email: 'riley.thompson@example.com',
    name: 'Riley Thompson',
    phone: '(303) 555-0148',
    address: '742 N Clarkson St, Denver, CO 80218',
  },
]

type BookingKind = 'upcoming' | 'past' | 'cancelled'

interface BookingSeed {
  parent: string
  nurse: string
  kind: BookingKind
  /** Days from the nurse's today to the first night. */
  startOffset: number
  /** Day offsets of the nights within a week, from the first night. */
  nights: number[]
  weeks?: number
  notes?: string
  /** How many days before the first night a past booking was made (default: 10 and more). */
  bookedDaysAhead?: number
  /** Twins or triplets (issue 36): priced with the nurse's extra per additional baby. */
  babies?: number
}

/**
 * The demo nurses who take twins or triplets (issue 36), and their extra per night for each baby
 * after the first. Every other nurse takes single babies only.
 */
const TWIN_NURSES: ReadonlyMap<string, { maxBabies: number; extraBabyCents: number }> = new Map([
  ['Amara Nwosu', { maxBabies: 2, extraBabyCents: 8000 }],
  ['Danielle Brooks', { maxBabies: 3, extraBabyCents: 7500 }],
  ['Mariel Dela Cruz', { maxBabies: 3, extraBabyCents: 9000 }],
  ['Sarah Whitfield', { maxBabies: 2, extraBabyCents: 10000 }],
])

const BOOKINGS: BookingSeed[] = [
  // Jordan Parent, the demo parent.
  {
    parent: DEMO_PARENT_EMAIL,
    nurse: NORA.name,
    kind: 'upcoming',
    startOffset: 5,
    nights: [0, 1],
    notes: 'Our daughter was born last week. The bassinet is in our room; please text when you arrive.',
  },
  {
    parent: DEMO_PARENT_EMAIL,
    nurse: 'Maria Lopez',
    kind: 'upcoming',
    startOffset: 10,
    nights: [0],
    weeks: 4,
    notes: 'One night a week so we can both catch up on sleep.',
  },
  { parent: DEMO_PARENT_EMAIL, nurse: NORA.name, kind: 'past', startOffset: -35, nights: [0, 1, 2] },
  { parent: DEMO_PARENT_EMAIL, nurse: 'Keisha Johnson', kind: 'past', startOffset: -16, nights: [0, 1] },
  // Three recent nights with Nora (issue 16): the first has her morning report, the others wait for theirs.
  { parent: DEMO_PARENT_EMAIL, nurse: NORA.name, kind: 'past', startOffset: -4, nights: [0, 1, 2] },
  { parent: DEMO_PARENT_EMAIL, nurse: 'Emily Carter', kind: 'cancelled', startOffset: 20, nights: [0, 1] },
  // Other parents.
  {
    parent: 'sam.rivera@example.com',
    nurse: 'Amara Nwosu',
    kind: 'upcoming',
    startOffset: 3,
    nights: [0, 1, 2],
    babies: 2,
    notes: 'Twins! Bottles and formula are on the kitchen counter.',
  },
  { parent: 'morgan.lee@example.com', nurse: 'Latoya Harris', kind: 'past', startOffset: -24, nights: [0, 1, 2, 3] },
  // A night two days ago that the family reported: its payout waits for an admin (issue 15).
  { parent: 'morgan.lee@example.com', nurse: 'Grace Okafor', kind: 'past', startOffset: -2, nights: [0] },
  {
    parent: 'casey.nguyen@example.com',
    nurse: 'Hoa Pham',
    kind: 'upcoming',
    startOffset: 7,
    nights: [0, 1],
    weeks: 3,
  },
  { parent: 'jamie.okoro@example.com', nurse: 'Kwame Mensah', kind: 'upcoming', startOffset: 12, nights: [0] },
  { parent: 'riley.thompson@example.com', nurse: 'Sarah Whitfield', kind: 'past', startOffset: -30, nights: [0, 1, 2, 3, 4] },
  // Lin Zhao's night two days ago waits for its report: tests/e2e/offline-night-report.spec.ts
  // writes it with the phone offline (docs/decisions/0074); no other test writes it.
  { parent: 'anna.schultz@example.com', nurse: 'Lin Zhao', kind: 'past', startOffset: -2, nights: [0] },
  { parent: 'riley.thompson@example.com', nurse: 'Camila Reyes', kind: 'cancelled', startOffset: 15, nights: [0] },
]

const NEWSLETTER_EMAILS = [
  'expecting.in.austin@example.com',
  'hello.newparents@example.org',
  'twinmama.sd@example.com',
  'sleepy.dad@example.net',
]

// ---------------------------------------------------------------------------------------------

// A fixed date and producer make the same bytes on every run.
const DEMO_DOCUMENT_DATE = new Date('2026-01-01T00:00:00Z')

/** A one-page demo PDF standing in for an applicant's scanned document. */
async function demoDocumentFile(
  ownerId: number,
  kind: 'id_document' | 'certification',
  title: string,
  name: string,
): Promise<typeof files.$inferInsert> {
  const doc = await PDFDocument.create()
  doc.setTitle(`${title} – ${name}`)
  doc.setProducer('Nightlight demo data')
  doc.setCreator('Nightlight demo data')
  doc.setCreationDate(DEMO_DOCUMENT_DATE)
  doc.setModificationDate(DEMO_DOCUMENT_DATE)
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([420, 260])
  page.drawText(title, { x: 24, y: 210, size: 18, font })
  page.drawText(name, { x: 24, y: 180, size: 14, font })
  page.drawText('Demo document: not a real identity or certificate.', { x: 24, y: 40, size: 10, font })
  const bytes = await doc.save()
  return {
    ownerId,
    kind,
    mediaType: 'application/pdf',
    sizeBytes: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes,
  }
}

function emailOf(name: string): string {
  return `${slugify(name).replace(/-/g, '.')}@example.com`
}

function daysBefore(now: Date, days: number, hour = 0): Date {
  return new Date(now.getTime() - days * DAY_MS - hour * 60 * 60 * 1000)
}

/** Ids taken from a table's serial sequence before inserting, so rows can refer to each other. */
async function reserveIds(tx: Tx, table: string, count: number): Promise<number[]> {
  if (count === 0) return []
  const rows = await tx
    .select({ id: sql<number>`nextval(pg_get_serial_sequence(${table}, 'id'))::int` })
    .from(sql`generate_series(1, ${count}::int)`)
  return rows.map((row) => Number(row.id))
}

/** A past family as a parent of the demo. */
function pastFamilySeed(family: (typeof PAST_FAMILIES)[number]): ParentSeed {
  return { email: emailOf(family.name), name: family.name, phone: family.phone, address: family.address }
}

/** A past family's booking, made as the demo's own bookings are. */
function pastBookingSeed(booking: PastBooking): BookingSeed {
  return {
    parent: emailOf(booking.family.name),
    nurse: booking.nurse,
    kind: 'past',
    startOffset: booking.startOffset,
    nights: booking.nights,
    bookedDaysAhead: booking.bookedDaysAhead,
  }
}

interface SeededNurse {
  id: number
  seed: NurseSeed
  timezone: string
  rate: number
  minHours: number
  maxHours: number
  start: string
  end: string
  approved: boolean
}

/**
 * Fills an empty database with demo data; does nothing when admin@example.com already exists.
 * Deterministic for a given `now`.
 */
export async function seedDemoData(
  db: Db,
  options: { now: Date; onProgress?: (line: string) => void },
): Promise<{ created: boolean }> {
  if (await demoDataPresent(db)) return { created: false }
  // Hashed once and shared by every seeded account (argon2 is deliberately slow).
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  return db.transaction(async (tx) => {
    if (await demoDataPresent(tx)) return { created: false }
    await insertDemoData(tx, passwordHash, options.now, options.onProgress ?? (() => {}))
    return { created: true }
  })
}

async function demoDataPresent(db: Db | Tx): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_ADMIN_EMAIL}`)
    .limit(1)
  return rows.length > 0
}

async function insertDemoData(tx: Tx, passwordHash: string, now: Date, onProgress: (line: string) => void): Promise<void> {
  const rng = mulberry32(0x5eed_2026)
  for (const slug of CITY_PAGE_SLUGS) {
    const count = APPROVED_NURSES.filter((seed) => seed.city === slug).length
    if (count < 3) throw new Error(`The demo data needs 3 nurses in ${slug}; it has ${count}`)
  }

  // --- Users -----------------------------------------------------------------------------------
  const nurseSeeds: { seed: NurseSeed; email: string; status: 'approved' | 'pending' | 'rejected' }[] = [
    { seed: NORA, email: DEMO_NURSE_EMAIL, status: 'approved' },
    ...APPROVED_NURSES.map((seed) => ({ seed, email: emailOf(seed.name), status: 'approved' as const })),
    ...PENDING_APPLICANTS.map((seed) => ({ seed, email: emailOf(seed.name), status: 'pending' as const })),
    ...REJECTED_APPLICANTS.map((seed) => ({ seed, email: emailOf(seed.name), status: 'rejected' as const })),
  ]

  // When each nurse joined and was reviewed.
  const joined = nurseSeeds.map(({ status }) => {
    if (status === 'approved') {
      const createdAt = daysBefore(now, intBetween(rng, 60, 540), intBetween(rng, 1, 12))
      const submittedAt = new Date(createdAt.getTime() + intBetween(rng, 1, 4) * DAY_MS)
      const verifiedAt = new Date(submittedAt.getTime() + intBetween(rng, 1, 3) * DAY_MS)
      return { createdAt, submittedAt, verifiedAt, reviewedAt: verifiedAt }
    }
    const createdAt = daysBefore(now, intBetween(rng, 8, 20), intBetween(rng, 1, 12))
    const submittedAt = new Date(createdAt.getTime() + intBetween(rng, 1, 5) * DAY_MS)
    const reviewedAt = status === 'rejected' ? new Date(submittedAt.getTime() + 2 * DAY_MS) : submittedAt
    return { createdAt, submittedAt, verifiedAt: null, reviewedAt }
  })

  // Other families' year on the marketplace, with their reviews (issue 38 item 16).
  const past = planPastBookings(
    nurseSeeds.flatMap(({ seed, status }, i) =>
      status === 'approved' && typeof seed.city === 'string' ? [{ name: seed.name, city: seed.city, verifiedAt: joined[i].verifiedAt! }] : [],
    ),
    now,
    mulberry32(0x5eed_0038),
  )
  const allBookings: BookingSeed[] = [...BOOKINGS, ...past.map(pastBookingSeed)]
  const nightCount = allBookings.reduce((sum, booking) => sum + booking.nights.length * (booking.weeks ?? 1), 0)
  onProgress(
    `Seeding demo data: ${nurseSeeds.length} nurses, ${1 + OTHER_PARENTS.length + PAST_FAMILIES.length} families, ` +
      `${allBookings.length} bookings of ${nightCount} nights, ${past.filter((booking) => booking.review).length} reviews…`,
  )

  const parentSeeds = [JORDAN, ...OTHER_PARENTS]
  const userRows: (typeof users.$inferInsert)[] = [
    {
      email: DEMO_ADMIN_EMAIL,
      passwordHash,
      displayName: 'Avery Admin',
      role: 'admin',
      createdAt: daysBefore(now, 600),
      updatedAt: daysBefore(now, 600),
    },
    ...parentSeeds.map((parent, i) => {
      const createdAt = daysBefore(now, 90 - i * 7, 3)
      return {
        email: parent.email,
        passwordHash,
        displayName: parent.name,
        role: 'parent' as const,
        phoneNumber: parent.phone,
        createdAt,
        updatedAt: createdAt,
      }
    }),
    ...nurseSeeds.map(({ seed, email }, i) => ({
      email,
      passwordHash,
      displayName: seed.name,
      role: 'nurse' as const,
      phoneNumber: seed === NORA ? '(512) 555-0123' : null,
      createdAt: joined[i].createdAt,
      updatedAt: joined[i].reviewedAt,
    })),
    // Each past family joined a few weeks before its first booking.
    ...PAST_FAMILIES.map((family) => {
      const ownBookings = past.filter((booking) => booking.family === family)
      const daysAgo = Math.max(60, ...ownBookings.map((booking) => booking.bookedDaysAhead - booking.startOffset)) + 21
      const createdAt = daysBefore(now, daysAgo, 5)
      return {
        email: emailOf(family.name),
        passwordHash,
        displayName: family.name,
        role: 'parent' as const,
        phoneNumber: family.phone,
        createdAt,
        updatedAt: createdAt,
      }
    }),
  ]
  const insertedUsers = await tx.insert(users).values(userRows).returning({ id: users.id, email: users.email })
  const userIdByEmail = new Map(insertedUsers.map((row) => [row.email, row.id]))
  const userId = (email: string) => {
    const id = userIdByEmail.get(email)
    if (id === undefined) throw new Error(`Seed user ${email} was not inserted`)
    return id
  }

  // --- Nurse profiles --------------------------------------------------------------------------
  const profileIds = await reserveIds(tx, 'nurse_profiles', nurseSeeds.length)
  const seeded: SeededNurse[] = []
  const profileRows: (typeof nurseProfiles.$inferInsert)[] = nurseSeeds.map(({ seed, email, status }, i) => {
    const id = profileIds[i]
    const baseLocation = baseLocationOf(seed)
    const location = baseLocationColumns(baseLocation)
    const timezone = timezoneForLocation(baseLocation)
    const years = seed.years ?? intBetween(rng, 2, 25)
    const rate = seed === NORA ? 35000 : 25000 + 500 * intBetween(rng, 0, 40)
    const hoursRoll = rng()
    const [minHours, maxHours] = seed === NORA ? [8, 12] : hoursRoll < 0.6 ? [8, 12] : hoursRoll < 0.8 ? [6, 12] : [8, 10]
    const timesRoll = rng()
    const [start, end] =
      seed === NORA || timesRoll < 0.7
        ? ['21:00', '07:00']
        : timesRoll < 0.85 && maxHours >= 12
          ? ['20:00', '08:00']
          : ['22:00', '06:00']
    seeded.push({ id, seed, timezone, rate, minHours, maxHours, start, end, approved: status === 'approved' })
    const rejected = REJECTED_APPLICANTS.find((applicant) => applicant === seed)
    return {
      id,
      userId: userId(email),
      slug: nurseSlug(seed.name, id),
      headline: seed.headline,
      bio: bioOf(seed, years, rng, i),
      baseLocation,
      ...location,
      timezone,
      serviceRadiusMiles: pick(rng, [10, 15, 20, 25, 30]),
      yearsExperience: years,
      credentials: seed.credentials,
      specialties: seed.specialties,
      languages: seed.languages,
      nightlyRateCents: rate,
      maxBabies: TWIN_NURSES.get(seed.name)?.maxBabies ?? 1,
      extraBabyCents: TWIN_NURSES.get(seed.name)?.extraBabyCents ?? 0,
      minHours,
      maxHours,
      instantBook: seed !== NORA && rng() < 0.3,
      defaultStartTime: start,
      defaultEndTime: end,
      photoUrl: `/images/nurses/nurse-${String(seed.photo).padStart(2, '0')}.svg`,
      verificationStatus: status,
      rejectionReason: rejected?.rejectionReason ?? null,
      submittedAt: joined[i].submittedAt,
      verifiedAt: joined[i].verifiedAt,
      createdAt: joined[i].createdAt,
      updatedAt: joined[i].reviewedAt,
    }
  })
  await tx.insert(nurseProfiles).values(profileRows)

  // Pending applicants carry the documents an admin reviews: private files (docs/security.md).
  for (const applicant of nurseSeeds.filter((nurse) => nurse.status === 'pending')) {
    const ownerId = userId(applicant.email)
    const profile = seeded.find((nurse) => nurse.seed === applicant.seed)!
    const [idFile, certificationFile] = await tx
      .insert(files)
      .values([
        await demoDocumentFile(ownerId, 'id_document', 'Government ID', applicant.seed.name),
        await demoDocumentFile(ownerId, 'certification', `Certification: ${applicant.seed.credentials.join(', ')}`, applicant.seed.name),
      ])
      .returning({ id: files.id })
    await tx
      .update(nurseProfiles)
      .set({ idDocumentFileId: idFile.id, certificationFileId: certificationFile.id })
      .where(eq(nurseProfiles.id, profile.id))
  }
  // Background checks (docs/decisions/0061): clear for every nurse and applicant but one, whose
  // 'consider' report waits for an admin.
  await insertDemoChecks(
    tx,
    nurseSeeds.flatMap(({ seed, email, status }, i) =>
      status === 'rejected'
        ? []
        : [
            {
              nurseProfileId: seeded[i].id,
              userId: userId(email),
              name: seed.name,
              submittedAt: joined[i].submittedAt,
              verifiedAt: joined[i].verifiedAt,
              outcome: seed === DEMO_CONSIDER_APPLICANT ? ('consider' as const) : ('clear' as const),
            },
          ],
    ),
    now,
  )
  // Dated credentials (docs/decisions/0062): licenses current by the test registry, a CPR card
  // each, certificates the demo admin confirmed; one CPR card expiring, one license expired.
  await insertDemoCredentials(
    tx,
    nurseSeeds.flatMap(({ seed, email, status }, i) =>
      status === 'rejected'
        ? []
        : [
            {
              nurseProfileId: seeded[i].id,
              userId: userId(email),
              name: seed.name,
              state: profileRows[i].locationState ?? 'MA',
              kinds: seed.credentials,
              submittedAt: joined[i].submittedAt,
              verifiedAt: joined[i].verifiedAt,
            },
          ],
    ),
    userId(DEMO_ADMIN_EMAIL),
    now,
  )
  const nurseByName = new Map(seeded.map((nurse) => [nurse.seed.name, nurse]))

  // --- Bookings, nights and payments -----------------------------------------------------------
  const bookingIds = await reserveIds(tx, 'bookings', allBookings.length)
  const bookingRows: (typeof bookings.$inferInsert)[] = []
  const occurrenceRows: (typeof bookingOccurrences.$inferInsert)[] = []
  const paymentRows: (typeof payments.$inferInsert)[] = []
  // Upcoming booked nights stay in the nurse's published availability.
  const bookedDates = new Map<number, Set<string>>()

  const everyParent: ParentSeed[] = [...parentSeeds, ...PAST_FAMILIES.map(pastFamilySeed)]
  allBookings.forEach((booking, i) => {
    const id = bookingIds[i]
    const nurse = nurseByName.get(booking.nurse)
    const parent = everyParent.find((candidate) => candidate.email === booking.parent)
    if (!nurse || !parent) throw new Error(`Seed booking ${i} names an unknown nurse or parent`)
    const today = localToday(nurse.timezone, now)
    const startDate = addDays(today, booking.startOffset)
    const weeks = booking.weeks ?? 1
    const dates = Array.from({ length: weeks }, (_, week) =>
      booking.nights.map((offset) => addDays(startDate, week * 7 + offset)),
    ).flat()
    const babies = booking.babies ?? 1
    const twins = TWIN_NURSES.get(nurse.seed.name)
    if (babies > (twins?.maxBabies ?? 1)) throw new Error(`Seed booking ${i} asks ${nurse.seed.name} for more babies than she takes`)
    const price = priceNights(nurse.rate, dates.length, { babies, extraBabyCents: babies > 1 ? (twins?.extraBabyCents ?? 0) : 0 })
    const nights = dates.map((date) => ({ date, ...nightInstants(date, nurse.start, nurse.end, nurse.timezone) }))
    const firstStart = nights[0].startsAt
    const lastEnd = nights[nights.length - 1].endsAt

    let createdAt: Date
    let updatedAt: Date
    let cancelledAt: Date | null = null
    if (booking.kind === 'past') {
      createdAt = new Date(firstStart.getTime() - (booking.bookedDaysAhead ?? (10 + i)) * DAY_MS)
      updatedAt = new Date(lastEnd.getTime() + 2 * 60 * 60 * 1000)
    } else if (booking.kind === 'upcoming') {
      createdAt = daysBefore(now, 2 + (i % 4), 5)
      updatedAt = createdAt
    } else {
      createdAt = daysBefore(now, 6, 4)
      cancelledAt = daysBefore(now, 2, 1)
      updatedAt = cancelledAt
    }
    if (createdAt >= firstStart) throw new Error(`Seed booking ${i} would be created after its first night`)

    if (booking.kind === 'upcoming') {
      const set = bookedDates.get(nurse.id) ?? new Set<string>()
      for (const date of dates) set.add(date)
      bookedDates.set(nurse.id, set)
    }

    bookingRows.push({
      id,
      parentId: userId(parent.email),
      nurseId: nurse.id,
      status: booking.kind === 'past' ? 'completed' : booking.kind === 'cancelled' ? 'cancelled' : 'confirmed',
      pattern: booking.weeks ? 'recurring' : 'one_time',
      startDate,
      weeksCount: booking.weeks ?? null,
      nightsPerWeek: booking.nights.length,
      timezone: nurse.timezone,
      addressText: parent.address,
      contactName: parent.name,
      contactPhone: parent.phone,
      notes: booking.notes ?? null,
      nightlyRateCents: nurse.rate,
      babies: price.babies,
      extraBabyCents: price.extraBabyCents,
      subtotalCents: price.subtotalCents,
      platformFeeCents: price.platformFeeCents,
      totalAmountCents: price.totalAmountCents,
      nursePayoutCents: price.nursePayoutCents,
      holdExpiresAt: null,
      // Every demo booking was paid (a cancelled one then refunded): confirmed at some point, so
      // calendar feeds list its nights (decision 0045).
      confirmedAt: createdAt,
      createdAt,
      updatedAt,
    })
    // A cancelled booking was refunded in full: each night's refund is its share of the total
    // (fee included, docs/money.md), the last night taking the rounding remainder.
    const shares = nights.map(() => nightShareCents(price.nightPriceCents, price))
    shares[shares.length - 1] = price.totalAmountCents - shares.slice(0, -1).reduce((a, b) => a + b, 0)
    for (const [index, night] of nights.entries()) {
      occurrenceRows.push({
        bookingId: id,
        nurseId: nurse.id,
        date: night.date,
        startTimeLocal: nurse.start,
        endTimeLocal: nurse.end,
        startsAt: night.startsAt,
        endsAt: night.endsAt,
        status: booking.kind === 'past' ? 'completed' : booking.kind === 'cancelled' ? 'cancelled' : 'scheduled',
        priceCents: price.nightPriceCents,
        refundCents: booking.kind === 'cancelled' ? shares[index] : null,
        cancelledAt,
      })
    }
    paymentRows.push({
      bookingId: id,
      kind: 'charge',
      provider: 'test',
      providerPaymentId: `pi_test_seed_${id}`,
      amountCents: price.totalAmountCents,
      feeCents: price.platformFeeCents,
      status: booking.kind === 'cancelled' ? 'refunded' : 'succeeded',
      createdAt,
      updatedAt: cancelledAt ?? createdAt,
    })
    if (booking.kind === 'cancelled' && cancelledAt) {
      // Cancelled more than 48 hours ahead: every night is refunded in full (docs/money.md).
      paymentRows.push({
        bookingId: id,
        kind: 'refund',
        provider: 'test',
        providerPaymentId: `re_test_seed_${id}`,
        amountCents: price.totalAmountCents,
        feeCents: price.platformFeeCents,
        status: 'succeeded',
        createdAt: cancelledAt,
        updatedAt: cancelledAt,
      })
    }
  })

  // --- Availability ----------------------------------------------------------------------------
  const availabilityRows: (typeof availabilityDates.$inferInsert)[] = []
  // One nurse in each town (not Nora, whose calendar the nurse's own demo uses) keeps every night
  // of the next five weeks open, so a family searching by nights (issue 17) finds nurses open on
  // all of them as well as on most, and the demo family whose baby comes early finds a backup
  // (decision 0070).
  const steadyTowns = new Set<string>()
  for (const nurse of seeded) {
    if (!nurse.approved) continue
    const today = localToday(nurse.timezone, now)
    const booked = bookedDates.get(nurse.id)
    const town = baseLocationOf(nurse.seed).split(',')[0]
    const steady = nurse.seed !== NORA && !steadyTowns.has(town)
    if (steady) steadyTowns.add(town)
    for (let day = 1; day <= AVAILABILITY_DAYS; day++) {
      const date = addDays(today, day)
      // The draw is made for every nurse, so the rest of the demo data stays as it was.
      const open = rng() < 0.6 || (steady && day <= STEADY_NIGHTS)
      if (!open && !booked?.has(date)) continue
      availabilityRows.push({
        nurseId: nurse.id,
        date,
        startTimeLocal: nurse.start,
        endTimeLocal: nurse.end,
        createdAt: daysBefore(now, intBetween(rng, 1, 20)),
      })
    }
  }

  await tx.insert(availabilityDates).values(availabilityRows)
  await tx.insert(bookings).values(bookingRows)
  const nightRows = await tx.insert(bookingOccurrences).values(occurrenceRows).returning()
  await tx.insert(payments).values(paymentRows)
  // Each refund names the charge it refunds: the booking's one charge (docs/decisions/0034).
  await tx.execute(sql`update payments r set charge_id = c.id from payments c
    where r.kind = 'refund' and r.charge_id is null and c.booking_id = r.booking_id and c.kind = 'charge'`)

  // --- Payouts (issue 15) ----------------------------------------------------------------------
  // The demo nurse, and every nurse who worked for the past families, has a test payout account,
  // and every night of hers that became payable (24 hours after it ended) was paid then; the
  // other nurses have not connected one yet, so their nights are the admin's 'Payouts Due'. Like
  // the seeded charges, the transfers have no rows at the test provider.
  const nora = seeded.find((nurse) => nurse.seed === NORA)!
  const paidNurses = [nora, ...seeded.filter((nurse) => nurse !== nora && past.some((booking) => booking.nurse === nurse.seed.name))]
  const accounts = paidNurses.map((nurse, i) => ({
    nurse,
    id: nurse === nora ? 'acct_test_seed_nora' : `acct_test_seed_${nurse.id}`,
    bankLast4: nurse === nora ? '6789' : String(1000 + ((nurse.id * 7919) % 9000)),
    createdAt: nurse === nora ? daysBefore(now, 120) : new Date(joined[nurseSeeds.findIndex(({ seed }) => seed === nurse.seed)].verifiedAt!.getTime() + (1 + (i % 3)) * DAY_MS),
  }))
  await tx.insert(testProviderAccounts).values(accounts.map(({ id, bankLast4, createdAt }) => ({ id, bankLast4, createdAt })))
  await tx.insert(payoutAccounts).values(
    accounts.map(({ nurse, id, bankLast4, createdAt }) => ({
      nurseId: nurse.id,
      provider: 'test',
      accountId: id,
      detailsSubmitted: true,
      payoutsEnabled: true,
      bankLast4,
      createdAt,
      updatedAt: createdAt,
    })),
  )
  const paidNurseIds = new Set(paidNurses.map((nurse) => nurse.id))
  const bookingById = new Map(bookingRows.map((row) => [row.id!, row]))
  const payoutRows: (typeof payments.$inferInsert)[] = []
  for (const night of nightRows) {
    const booking = bookingById.get(night.bookingId)!
    const settlement = settleNight(night, booking)
    const paidAt = payableAt(night)
    if (!paidNurseIds.has(night.nurseId) || !settlement || paidAt > now) continue
    payoutRows.push({
      bookingId: night.bookingId,
      occurrenceId: night.id,
      kind: 'payout',
      provider: 'test',
      providerPaymentId: `tr_test_seed_${night.id}`,
      amountCents: settlement.transferCents,
      feeCents: settlement.feeCents,
      status: 'succeeded',
      reason: `Night of ${formatNightDate(night.date)}`,
      idempotencyKey: `night-${night.id}-payout`,
      createdAt: paidAt,
      updatedAt: paidAt,
    })
  }
  if (payoutRows.length > 0) await tx.insert(payments).values(payoutRows)
  const grace = seeded.find((nurse) => nurse.seed.name === 'Grace Okafor')!
  const reported = nightRows.filter((night) => night.nurseId === grace.id).sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime())[0]
  await tx.insert(nightProblems).values({
    occurrenceId: reported.id,
    bookingId: reported.bookingId,
    reportedBy: userId('morgan.lee@example.com'),
    description: 'Our nurse arrived 40 minutes late and left at 6 am, an hour early, while the baby was still unsettled.',
    createdAt: new Date(reported.endsAt.getTime() + 3 * 60 * 60 * 1000),
    updatedAt: new Date(reported.endsAt.getTime() + 3 * 60 * 60 * 1000),
  })

  // Nora's morning report of the first of Jordan's three recent nights; the others still wait for theirs.
  const recent = nightRows
    .filter((night) => night.nurseId === nora.id && night.endsAt.getTime() > now.getTime() - 5 * DAY_MS && night.endsAt.getTime() < now.getTime())
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
  if (recent.length > 0) {
    const first = recent[0]
    await tx.insert(nightReports).values({
      occurrenceId: first.id,
      bookingId: first.bookingId,
      nurseId: nora.id,
      feeds: [
        { time: '22:40', kind: 'breast_milk', ounces: 3 },
        { time: '01:55', kind: 'formula', ounces: 3.5 },
        { time: '05:10', kind: 'breast_milk', ounces: 3 },
      ],
      wetDiapers: 3,
      dirtyDiapers: 1,
      sleeps: [
        { from: '23:15', to: '01:40' },
        { from: '02:30', to: '04:55' },
      ],
      notes: 'A settled night. She fed well and went back down easily after each feed. A little gassy after the 2 AM bottle; burping upright helped.',
      createdAt: new Date(first.endsAt.getTime() + 30 * 60 * 1000),
      updatedAt: new Date(first.endsAt.getTime() + 30 * 60 * 1000),
    })
  }

  // --- The past families' reviews (issue 38 item 16) ------------------------------------------
  const reviewRows: (typeof reviews.$inferInsert)[] = []
  past.forEach((booking, index) => {
    if (!booking.review) return
    const bookingId = bookingIds[BOOKINGS.length + index]
    const lastEnd = Math.max(...nightRows.filter((night) => night.bookingId === bookingId).map((night) => night.endsAt.getTime()))
    const createdAt = new Date(lastEnd + booking.review.daysAfter * DAY_MS + 3 * 60 * 60 * 1000)
    reviewRows.push({
      bookingId,
      nurseId: nurseByName.get(booking.nurse)!.id,
      parentId: userId(emailOf(booking.family.name)),
      rating: booking.review.rating,
      body: booking.review.body,
      reply: booking.review.reply,
      repliedAt: booking.review.reply ? new Date(createdAt.getTime() + booking.review.repliedHoursAfter * 60 * 60 * 1000) : null,
      createdAt,
      updatedAt: createdAt,
    })
  })
  if (reviewRows.length > 0) await tx.insert(reviews).values(reviewRows)
  // Each nurse's count and average, kept on her profile row as saving a review keeps them (decision 0030).
  await tx.execute(sql`update nurse_profiles p set review_count = r.n, review_average = r.average
    from (select nurse_id, count(*)::int as n, avg(rating)::float8 as average from reviews where hidden_at is null group by nurse_id) r
    where p.id = r.nurse_id`)

  // --- Parents' preferences, newsletter --------------------------------------------------------
  await tx.insert(notificationPreferences).values(
    everyParent.map((parent) => ({
      userId: userId(parent.email),
      reminderHoursBefore: parent.reminderHoursBefore ?? 24,
      updatedAt: daysBefore(now, 30),
    })),
  )
  await tx.insert(newsletterSubscribers).values(
    NEWSLETTER_EMAILS.map((email, i) => ({ email, createdAt: daysBefore(now, 40 - i * 9, i) })),
  )

  // --- An interview the demo family and Nora agreed for next week (issue 36) -------------------
  const interviewer = seeded.find((nurse) => nurse.seed === NORA)!
  await insertDemoInterview(tx, { parentId: userId(DEMO_PARENT_EMAIL), nurseId: interviewer.id, nurseTimeZone: interviewer.timezone, now })
  // Due-date reservations (issue 36): the demo family's baby is due in three weeks; Casey
  // Nguyen's came last week and its plan with Hoa Pham has started.
  await insertDemoReservations(
    tx,
    {
      nurse: nurseByName.get(NORA.name)!,
      waitingFamilyId: userId(DEMO_PARENT_EMAIL),
      askingFamilyId: userId('sam.rivera@example.com'),
      arrivedFamilyId: userId('casey.nguyen@example.com'),
    },
    now,
  )
}
