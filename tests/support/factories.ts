// Test data factories: the one place tests make their database rows. It owns accounts
// (parents, nurses, admins), nurse profiles, published nights (availability), bookings with
// their nights and payments (pending, confirmed, completed or cancelled and refunded), single
// payment rows (charges, refunds, payouts) and notification preferences, plus the dates tests
// book. Each test makes exactly the data it checks: nothing here reads or loads the demo seed.
// Every factory writes straight to the database with sensible defaults, unique e-mails and
// slugs per call, and returns what tests need to refer to the rows. Requests (makeRequest, call,
// cookieFor) and reading rows back live in fixtures.ts.
import { eq } from 'drizzle-orm'
import { getDb } from '../../app/db/client.server'
import {
  backgroundChecks,
  availabilityDates,
  bookingOccurrences,
  bookings,
  notificationPreferences,
  nurseProfiles,
  payments,
  users,
} from '../../app/db/schema'
import type { SessionUser } from '../../app/domain/accounts/auth.server'
import { hashPassword } from '../../app/domain/accounts/passwords.server'
import { HOLD_MINUTES } from '../../app/domain/bookings/booking-rules'
import { nightShareCents } from '../../app/domain/bookings/cancellation'
import { priceNights } from '../../app/domain/bookings/pricing'
import { nightInstants } from '../../app/domain/time/night-instants'
import { addDays, localToday } from '../../app/domain/time/shift-times'
import { nurseSlug } from '../../app/domain/nurses/slugs'
import { checkExpiry } from '../../app/domain/verification/check-life-cycle'
import { timezoneForLocation } from '../../app/domain/places/cities'
import { baseLocationColumns } from '../../app/domain/places/gazetteer.server'

/** The time zone of a nurse made with the default base location (Boston). */
export const NURSE_ZONE = 'America/New_York'
export const DEFAULT_PASSWORD = 'correct horse battery'

let sequence = 0
/** A number no other call in this process has had: e-mails, slugs and provider ids stay unique. */
const nextNumber = () => ++sequence

// ---------------------------------------------------------------------------------------------
// Accounts

type Role = SessionUser['role']

// argon2 is slow on purpose: each password is hashed once per process and the hash shared.
const hashes = new Map<string, Promise<string>>()
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password)
  if (!hash) {
    hash = hashPassword(password)
    hashes.set(password, hash)
  }
  return hash
}

export interface UserOptions {
  role?: Role
  email?: string
  /** Signs in with this password (default DEFAULT_PASSWORD). */
  password?: string
  displayName?: string
  phoneNumber?: string
}

/**
 * An account as registration leaves it (its e-mail lower-cased, default notification
 * preferences), of any role; a nurse made here has no profile yet (see createNurse).
 */
export async function createUser(options: UserOptions = {}): Promise<SessionUser> {
  const role = options.role ?? 'parent'
  const n = nextNumber()
  const [row] = await getDb()
    .insert(users)
    .values({
      email: (options.email ?? `${role}-${n}@example.com`).trim().toLowerCase(),
      passwordHash: await passwordHash(options.password ?? DEFAULT_PASSWORD),
      displayName: options.displayName ?? `Test ${role[0].toUpperCase()}${role.slice(1)} ${n}`,
      role,
      phoneNumber: options.phoneNumber ?? null,
    })
    .returning()
  await getDb().insert(notificationPreferences).values({ userId: row.id })
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    avatarUrl: row.avatarUrl,
    phoneNumber: row.phoneNumber,
    language: row.language === 'es' ? 'es' : 'en',
    nurseVerificationStatus: null,
  }
}

/** Notification preferences of a user (every account has the defaults until changed). */
export async function setPreferences(
  userId: number,
  values: Partial<Omit<typeof notificationPreferences.$inferInsert, 'userId'>>,
): Promise<void> {
  await getDb()
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values })
}

// ---------------------------------------------------------------------------------------------
// Nurses and their published nights

export type VerificationStatus = 'none' | 'pending' | 'approved' | 'rejected'

/** Columns set through their own option, so the nurse returned always matches the row. */
type NamedColumn = 'baseLocation' | 'timezone' | 'nightlyRateCents' | 'verificationStatus' | 'yearsExperience' | 'minHours' | 'maxHours'

export interface NurseOptions {
  /** The display name (default 'Nurse Number<n>'); the slug is made from it as the app does. */
  name?: string
  email?: string
  password?: string
  /** Default 'approved': listed publicly and bookable. */
  status?: VerificationStatus
  /** Default 'Boston, MA 02116'; city, state, ZIP and coordinates are derived as a saved profile's are. */
  baseLocation?: string
  /** Default: the base location's zone (America/New_York for the default). */
  timezone?: string
  /** Default 30000 ($300). */
  rateCents?: number
  /** Default 5. */
  yearsExperience?: number
  minHours?: number
  maxHours?: number
  /** Published nights (local dates), at the profile's default shift. */
  openDates?: string[]
  /** Any other profile column (headline, languages, rejectionReason, a chosen slug, …). */
  profile?: Partial<Omit<typeof nurseProfiles.$inferInsert, 'id' | 'userId' | NamedColumn>>
}

export interface TestNurse {
  /** The nurse profile's id: what bookings, nights and the public calls refer to. */
  id: number
  userId: number
  email: string
  name: string
  slug: string
  baseLocation: string
  timezone: string
  rateCents: number
}

/**
 * A nurse account with its profile: by default an approved nurse as the public pages show one
 * (headline, bio, photo, credentials, languages), optionally with published nights.
 */
export async function createNurse(options: NurseOptions = {}): Promise<TestNurse> {
  const n = nextNumber()
  const name = options.name ?? `Nurse Number${n}`
  const baseLocation = options.baseLocation ?? 'Boston, MA 02116'
  const timezone = options.timezone ?? timezoneForLocation(baseLocation)
  const rateCents = options.rateCents ?? 30000
  const user = await createUser({
    role: 'nurse',
    displayName: name,
    email: options.email ?? `nurse-${n}@example.com`,
    password: options.password,
  })
  const db = getDb()
  const [row] = await db
    .insert(nurseProfiles)
    .values({
      userId: user.id,
      slug: `nurse-in-the-making-${n}`,
      headline: `${name}, newborn care`,
      bio: 'I care for newborns overnight.',
      baseLocation,
      ...baseLocationColumns(baseLocation),
      timezone,
      nightlyRateCents: rateCents,
      yearsExperience: options.yearsExperience ?? 5,
      minHours: options.minHours ?? 8,
      maxHours: options.maxHours ?? 12,
      languages: ['English'],
      specialties: ['Newborn Care'],
      credentials: ['RN'],
      photoUrl: '/images/nurses/nurse-01.svg',
      verificationStatus: options.status ?? 'approved',
      ...options.profile,
    })
    .returning({ id: nurseProfiles.id, slug: nurseProfiles.slug })
  // The slug ends with the profile id, as the app makes it (unless the test chose one).
  const slug = options.profile?.slug ?? nurseSlug(name, row.id)
  if (slug !== row.slug) await db.update(nurseProfiles).set({ slug }).where(eq(nurseProfiles.id, row.id))
  const nurse = { id: row.id, userId: user.id, email: user.email, name, slug, baseLocation, timezone, rateCents }
  if (options.openDates?.length) {
    await publishNights(nurse, options.openDates, {
      startTimeLocal: options.profile?.defaultStartTime,
      endTimeLocal: options.profile?.defaultEndTime,
    })
  }
  return nurse
}

/** Published (open) nights of a nurse, 21:00 to 07:00 local unless told. */
export async function publishNights(
  nurse: { id: number },
  dates: string[],
  shift: { startTimeLocal?: string; endTimeLocal?: string } = {},
): Promise<void> {
  if (dates.length === 0) return
  await getDb()
    .insert(availabilityDates)
    .values(
      dates.map((date) => ({
        nurseId: nurse.id,
        date,
        startTimeLocal: shift.startTimeLocal ?? '21:00',
        endTimeLocal: shift.endTimeLocal ?? '07:00',
      })),
    )
}

// ---------------------------------------------------------------------------------------------
// Bookings and payments

export type BookingStatus = 'pending' | 'confirmed' | 'completed' | 'cancelled'
type NightStatus = NonNullable<(typeof bookingOccurrences.$inferInsert)['status']>

// The nights of a booking follow it, as the app keeps them (docs/glossary.md).
const NIGHT_STATUS: Record<BookingStatus, NightStatus> = {
  pending: 'pending',
  confirmed: 'scheduled',
  completed: 'completed',
  cancelled: 'cancelled',
}

export interface BookingOptions {
  nurse: Pick<TestNurse, 'id' | 'timezone' | 'rateCents'>
  /** The family; a new parent when left out. */
  parent?: { id: number }
  /** The nights (local dates in the nurse's zone). */
  dates: string[]
  /**
   * Default 'confirmed': paid (a succeeded charge), nights scheduled. 'pending': an unpaid
   * checkout holding its nights (no charge). 'completed': paid, nights worked. 'cancelled': paid
   * and refunded in full (the charge reads refunded, a refund row, each night's share recorded).
   */
  status?: BookingStatus
  startTimeLocal?: string
  endTimeLocal?: string
  /** A recurring booking of this many weeks (the dates are every night of it). */
  weeksCount?: number
  addressText?: string
  notes?: string
  /** When the booking (and its charge) was made; default now. */
  createdAt?: Date
  /** A pending booking's hold; default HOLD_MINUTES from now. */
  holdExpiresAt?: Date | null
  /** The charge's id at the provider; one that is not a test intent makes a refund fail. */
  providerPaymentId?: string
  /** Twins or triplets (issue 36), priced with this extra per additional baby. */
  babies?: number
  extraBabyCents?: number
}

export interface TestBooking {
  id: number
  parentId: number
  occurrenceIds: number[]
  /** The charge row; null for an unpaid booking. */
  chargeId: number | null
  /** The full refund of a cancelled booking; null otherwise. */
  refundId: number | null
  subtotalCents: number
  platformFeeCents: number
  totalAmountCents: number
}

/** A booking with its nights and payments, written the way the app stores one in that state. */
export async function createBooking(options: BookingOptions): Promise<TestBooking> {
  const { nurse, dates } = options
  if (dates.length === 0) throw new Error('A booking needs at least one night')
  const status = options.status ?? 'confirmed'
  const parentId = options.parent?.id ?? (await createUser({ displayName: 'Pat Parent' })).id
  const start = options.startTimeLocal ?? '21:00'
  const end = options.endTimeLocal ?? '07:00'
  const price = priceNights(nurse.rateCents, dates.length, { babies: options.babies, extraBabyCents: options.extraBabyCents })
  const createdAt = options.createdAt ?? new Date()
  const cancelledAt = status === 'cancelled' ? createdAt : null
  const db = getDb()
  const [booking] = await db
    .insert(bookings)
    .values({
      parentId,
      nurseId: nurse.id,
      status,
      pattern: options.weeksCount ? 'recurring' : 'one_time',
      weeksCount: options.weeksCount ?? null,
      nightsPerWeek: Math.min(7, options.weeksCount ? Math.ceil(dates.length / options.weeksCount) : dates.length),
      startDate: dates[0],
      timezone: nurse.timezone,
      addressText: options.addressText ?? '12 Test Street, Boston, MA 02116',
      contactName: 'Test Parent',
      contactPhone: '(617) 555-0100',
      notes: options.notes ?? null,
      // Every state but pending was paid (a cancelled one then refunded): confirmed at some point.
      confirmedAt: status === 'pending' ? null : createdAt,
      nightlyRateCents: nurse.rateCents,
      babies: price.babies,
      extraBabyCents: price.extraBabyCents,
      subtotalCents: price.subtotalCents,
      platformFeeCents: price.platformFeeCents,
      totalAmountCents: price.totalAmountCents,
      nursePayoutCents: price.nursePayoutCents,
      holdExpiresAt:
        status === 'pending'
          ? options.holdExpiresAt === undefined
            ? new Date(Date.now() + HOLD_MINUTES * 60_000)
            : options.holdExpiresAt
          : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: bookings.id })

  // A cancelled booking was refunded in full: each night its share of the total (fee included),
  // the last night taking the rounding remainder.
  const shares = dates.map(() => nightShareCents(price.nightPriceCents, price))
  shares[shares.length - 1] = price.totalAmountCents - shares.slice(0, -1).reduce((a, b) => a + b, 0)
  const nights = await db
    .insert(bookingOccurrences)
    .values(
      dates.map((date, index) => ({
        bookingId: booking.id,
        nurseId: nurse.id,
        date,
        startTimeLocal: start,
        endTimeLocal: end,
        ...nightInstants(date, start, end, nurse.timezone),
        status: NIGHT_STATUS[status],
        priceCents: price.nightPriceCents,
        refundCents: cancelledAt ? shares[index] : null,
        cancelledAt,
      })),
    )
    .returning({ id: bookingOccurrences.id })

  let chargeId: number | null = null
  let refundId: number | null = null
  if (status !== 'pending') {
    chargeId = await createPayment({
      bookingId: booking.id,
      kind: 'charge',
      amountCents: price.totalAmountCents,
      feeCents: price.platformFeeCents,
      status: cancelledAt ? 'refunded' : 'succeeded',
      providerPaymentId: options.providerPaymentId,
      createdAt,
    })
    if (cancelledAt) {
      refundId = await createPayment({
        bookingId: booking.id,
        kind: 'refund',
        amountCents: price.totalAmountCents,
        feeCents: price.platformFeeCents,
        reason: 'Cancelled',
        createdAt: cancelledAt,
      })
    }
  }
  return {
    id: booking.id,
    parentId,
    occurrenceIds: nights.map((night) => night.id),
    chargeId,
    refundId,
    subtotalCents: price.subtotalCents,
    platformFeeCents: price.platformFeeCents,
    totalAmountCents: price.totalAmountCents,
  }
}

export interface PaymentOptions {
  bookingId: number
  /** Default 'charge'. */
  kind?: 'charge' | 'refund' | 'payout'
  amountCents: number
  feeCents?: number
  /** Default 'succeeded'. */
  status?: 'pending' | 'succeeded' | 'failed' | 'refunded' | 'canceled'
  /** A payout or a refund of one night. */
  occurrenceId?: number
  /** Default a unique id at the built-in test provider (pi_, re_ or po_ by kind). */
  providerPaymentId?: string
  reason?: string
  createdAt?: Date
}

/** One payment row at the built-in test provider; returns its id. */
export async function createPayment(options: PaymentOptions): Promise<number> {
  const kind = options.kind ?? 'charge'
  const prefix = { charge: 'pi', refund: 're', payout: 'po' }[kind]
  const createdAt = options.createdAt ?? new Date()
  const [row] = await getDb()
    .insert(payments)
    .values({
      bookingId: options.bookingId,
      occurrenceId: options.occurrenceId ?? null,
      kind,
      provider: 'test',
      providerPaymentId: options.providerPaymentId ?? `${prefix}_test_factory_${nextNumber()}`,
      amountCents: options.amountCents,
      feeCents: options.feeCents ?? 0,
      status: options.status ?? 'succeeded',
      reason: options.reason ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: payments.id })
  return row.id
}

// ---------------------------------------------------------------------------------------------
// Dates

/** Local dates this many days from today in NURSE_ZONE (a default nurse's zone). */
export function futureDates(...offsets: number[]): string[] {
  return datesIn(NURSE_ZONE, ...offsets)
}

/** Local dates this many days from today (negative: ago) in the given time zone. */
export function datesIn(timezone: string, ...offsets: number[]): string[] {
  const today = localToday(timezone, new Date())
  return offsets.map((days) => addDays(today, days))
}

/** A date n days from now, as yyyy-MM-dd (UTC); nights far enough ahead for the real clock. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

// ---------------------------------------------------------------------------------------------
// Background checks (docs/decisions/0061)

/**
 * A background check of a nurse, by default clear, completed a month ago and good for eleven
 * more (what approving her needs), written as the built-in provider would leave it.
 */
export async function createBackgroundCheck(
  nurseProfileId: number,
  options: { status?: (typeof backgroundChecks.$inferInsert)['status']; completedAt?: Date } = {},
): Promise<number> {
  const status = options.status ?? 'clear'
  const completedAt = options.completedAt ?? new Date(Date.now() - 30 * 24 * 3600 * 1000)
  const finished = status !== 'invited' && status !== 'pending' && status !== 'suspended'
  const [row] = await getDb()
    .insert(backgroundChecks)
    .values({
      nurseProfileId,
      provider: 'test',
      candidateId: `test_cand_clear_${nurseProfileId}`,
      invitationId: `test_inv_clear_${nurseProfileId}`,
      reportId: `test_rpt_clear_${completedAt.getTime().toString(36)}_${nurseProfileId}`,
      status,
      result: status === 'suspended' ? 'suspended' : status === 'clear' ? 'clear' : finished ? 'consider' : null,
      consentName: 'Test Nurse',
      consentedAt: new Date(completedAt.getTime() - 2 * 24 * 3600 * 1000),
      completedAt: finished ? completedAt : null,
      expiresAt: finished ? checkExpiry(completedAt) : null,
    })
    .returning({ id: backgroundChecks.id })
  return row.id
}
