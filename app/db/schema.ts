// The whole data model (docs/architecture.md, docs/glossary.md). Tables are plural camelCase here,
// snake_case in SQL (drizzle `casing: 'snake_case'`). Money is integer cents; nights are local
// dates in the nurse's zone.
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
}

export const roleEnum = pgEnum('role', ['parent', 'nurse', 'admin'])
export const verificationStatusEnum = pgEnum('verification_status', [
  'none',
  'pending',
  'approved',
  'rejected',
])
export const bookingStatusEnum = pgEnum('booking_status', [
  'pending',
  'confirmed',
  'completed',
  'cancelled',
])
export const bookingPatternEnum = pgEnum('booking_pattern', ['one_time', 'recurring'])
// 'confirmed' and 'no_show' are retired: never written, kept because dropping an enum value
// rewrites the table (app/domain/bookings/life-cycle.ts, docs/decisions/0052).
export const occurrenceStatusEnum = pgEnum('occurrence_status', [
  'pending',
  'scheduled',
  'confirmed',
  'completed',
  'cancelled',
  'no_show',
])
// A payout is a transfer of one night's pay to the nurse's payout account; a reversal takes one
// back (issue 15, docs/decisions/0027).
export const paymentKindEnum = pgEnum('payment_kind', ['charge', 'refund', 'payout', 'reversal'])
export const paymentStatusEnum = pgEnum('payment_status', [
  'pending',
  'succeeded',
  'failed',
  'refunded',
  'canceled',
])
export const fileKindEnum = pgEnum('file_kind', ['photo', 'certification', 'id_document'])

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text(),
    displayName: text().notNull(),
    role: roleEnum().notNull().default('parent'),
    avatarUrl: text(),
    phoneNumber: text(),
    googleSub: text(),
    // An admin suspended the account (issue 16): it cannot sign in, and its sessions were ended.
    suspendedAt: timestamp({ withTimezone: true }),
    suspendedReason: text(),
    // The language the person reads (issue 37): their pages on any device, and every e-mail,
    // document and calendar entry sent to them. 'en' or 'es' (app/i18n/languages.ts).
    language: text().notNull().default('en'),
    ...timestamps,
  },
  (t) => [
    // E-mail is unique case-insensitively.
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
    // The admin bookings search (ILIKE '%…%' on names and e-mail) at scale: trigram indexes
    // (pg_trgm, docs/decisions/0022).
    index('users_display_name_trgm_idx').using('gin', sql`${t.displayName} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // A search holding an address ('jane.doe@gm…') by the end of its local part, read backwards:
    // a btree range instead of the trigrams every address shares (docs/decisions/0038).
    index('users_email_local_reversed_idx').using('btree', sql`reverse(lower(split_part(${t.email}, '@', 1))) text_pattern_ops`),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    // sha256 of the random token held in the signed cookie; a stolen database yields no sessions.
    idHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

export const oauthTempTokens = pgTable('oauth_temp_tokens', {
  tokenHash: text().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

// "Forgot password?": a single-use link sent by e-mail, stored hashed, valid for an hour.
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
)

export const files = pgTable(
  'files',
  {
    id: serial().primaryKey(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: fileKindEnum().notNull(),
    mediaType: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    bytes: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
)

export const nurseProfiles = pgTable(
  'nurse_profiles',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    headline: text(),
    bio: text(),
    baseLocation: text().notNull().default(''),
    // Normalised search keys derived from baseLocation (city, state abbreviation, ZIP).
    locationCity: text(),
    locationState: text(),
    locationZip: text(),
    // The base location's point from the gazetteer (decision 0018); null when it is not known.
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    timezone: text().notNull().default('America/New_York'),
    serviceRadiusMiles: integer().notNull().default(20),
    yearsExperience: integer().notNull().default(0),
    credentials: text().array().notNull().default(sql`'{}'::text[]`),
    specialties: text().array().notNull().default(sql`'{}'::text[]`),
    languages: text().array().notNull().default(sql`'{}'::text[]`),
    nightlyRateCents: integer().notNull().default(30000),
    minHours: integer().notNull().default(8),
    maxHours: integer().notNull().default(12),
    instantBook: boolean().notNull().default(false),
    defaultStartTime: text().notNull().default('21:00'),
    defaultEndTime: text().notNull().default('07:00'),
    photoFileId: integer().references(() => files.id, { onDelete: 'set null' }),
    // An external photo (seed data, Google avatar); an uploaded photo wins.
    photoUrl: text(),
    certificationFileId: integer().references(() => files.id, { onDelete: 'set null' }),
    idDocumentFileId: integer().references(() => files.id, { onDelete: 'set null' }),
    verificationStatus: verificationStatusEnum().notNull().default('none'),
    // Out of search and new bookings since a credential her profile depends on (the background
    // check, an RN or LPN license, the infant CPR card) lapsed; cleared when it is renewed. Written
    // only by app/domain/verification/listing.server.ts (docs/decisions/0062).
    lapsedAt: timestamp({ withTimezone: true }),
    lapsedReason: text(),
    rejectionReason: text(),
    submittedAt: timestamp({ withTimezone: true }),
    verifiedAt: timestamp({ withTimezone: true }),
    // The families' reviews (issue 16), kept here as they change so cards and search read no
    // reviews: the count and average of the reviews shown (not hidden by an admin).
    reviewCount: integer().notNull().default(0),
    reviewAverage: doublePrecision(),
    // The nurse's booking limits (issue 17): how long before a night it can still be booked, and
    // how many nights a week (Monday to Sunday) she accepts; none by default.
    minNoticeHours: integer().notNull().default(0),
    maxNightsPerWeek: integer(),
    // Twins and triplets (issue 36): how many babies a night she takes (1 to 3), and her extra per
    // night for each baby after the first, in cents.
    maxBabies: integer().notNull().default(1),
    extraBabyCents: integer().notNull().default(0),
    // Due-date reservations (issue 36): the start window she offers around a family's due date
    // (days before and after it), and whether a request is accepted at once.
    reservationWindowBeforeDays: integer().notNull().default(14),
    reservationWindowAfterDays: integer().notNull().default(21),
    instantReservations: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('nurse_profiles_user_idx').on(t.userId),
    uniqueIndex('nurse_profiles_slug_idx').on(t.slug),
    index('nurse_profiles_status_rate_idx').on(t.verificationStatus, t.nightlyRateCents, t.id),
    index('nurse_profiles_city_idx').on(sql`lower(${t.locationCity})`),
    index('nurse_profiles_state_idx').on(t.locationState),
    index('nurse_profiles_zip_idx').on(t.locationZip),
    // The id too: a nearby search reads the nurses based at one place in id order (decision 0026).
    index('nurse_profiles_lat_lon_id_idx').on(t.latitude, t.longitude, t.id),
  ],
)

export const availabilityDates = pgTable(
  'availability_dates',
  {
    id: serial().primaryKey(),
    nurseId: integer()
      .notNull()
      .references(() => nurseProfiles.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    startTimeLocal: text().notNull(),
    endTimeLocal: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('availability_nurse_date_idx').on(t.nurseId, t.date)],
)

export const bookings = pgTable(
  'bookings',
  {
    id: serial().primaryKey(),
    parentId: integer()
      .notNull()
      .references(() => users.id),
    nurseId: integer()
      .notNull()
      .references(() => nurseProfiles.id),
    status: bookingStatusEnum().notNull().default('pending'),
    pattern: bookingPatternEnum().notNull().default('one_time'),
    startDate: date({ mode: 'string' }).notNull(),
    weeksCount: integer(),
    nightsPerWeek: integer().notNull().default(1),
    timezone: text().notNull(),
    addressText: text().notNull(),
    contactName: text(),
    contactPhone: text(),
    notes: text(),
    nightlyRateCents: integer().notNull(),
    subtotalCents: integer().notNull(),
    platformFeeCents: integer().notNull(),
    totalAmountCents: integer().notNull(),
    nursePayoutCents: integer().notNull(),
    // An unpaid booking holds its nights until then (docs/decisions/0012).
    holdExpiresAt: timestamp({ withTimezone: true }),
    // Set when the hold ran out and the nights were released; a payment arriving later follows
    // the late-payment rule in app/domain/bookings.server.ts (re-confirm if free, else refund).
    holdReleasedAt: timestamp({ withTimezone: true }),
    // When it was first confirmed (paid, or confirmed by an admin); kept when it is cancelled. A
    // calendar feed lists only nights of bookings confirmed at some point (docs/decisions/0045).
    confirmedAt: timestamp({ withTimezone: true }),
    // How many babies a night is for (1 to 3), and the nurse's extra per night for each baby after
    // the first as she had it when the nights were priced; `nightlyRateCents` stays her base rate.
    babies: integer().notNull().default(1),
    extraBabyCents: integer().notNull().default(0),
    // The due-date reservation this booking started from, when it did.
    reservationId: integer().references((): AnyPgColumn => reservations.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('bookings_parent_idx').on(t.parentId, t.createdAt),
    index('bookings_nurse_idx').on(t.nurseId),
    index('bookings_status_idx').on(t.status, t.holdExpiresAt),
    // The admin bookings list's order, newest first, unfiltered and by status (docs/decisions/0022).
    // Migration 0019 makes them INCLUDE parent_id, nurse_id (and status), which Drizzle cannot say (decision 0036).
    index('bookings_created_idx').on(t.createdAt, t.id),
    index('bookings_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
)

/**
 * Where the admin bookings list's every 10,000th booking is, counted from the oldest, in each
 * scope (every booking, or one status): a page named by its number is read from the mark below it,
 * however deep (docs/decisions/0036). Built when a page needs them; a trigger on `bookings`
 * (migration 0018) deletes every mark at or after a booking inserted, deleted, moved in time or
 * changed in status, in the scopes it touches, so a kept mark is always exact.
 */
export const bookingPositionMarks = pgTable(
  'booking_position_marks',
  {
    scope: text().notNull(),
    position: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    bookingId: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.position] }), index('booking_position_marks_created_idx').on(t.scope, t.createdAt)],
)

/**
 * The admin dashboard's stats as last counted past 10,000 bookings (one row, id 1), which every app
 * server serves and one at a time counts again: a server just started serves it at once, and a
 * deployment of several servers counts once per period instead of once per server
 * (docs/decisions/0038).
 */
export const adminStatsCounts = pgTable('admin_stats_counts', {
  id: integer().primaryKey(),
  activeBookings: integer().notNull(),
  pendingVerifications: integer().notNull(),
  totalPayoutsDueCents: bigint({ mode: 'number' }).notNull(),
  countedAt: timestamp({ withTimezone: true }).notNull(),
  tookMs: integer().notNull(),
})

/**
 * Which accounts an admin search's words hold changes only when an account is added, removed,
 * renamed or re-addressed, or a nurse profile is added, removed or moved to another account: a
 * statement-level trigger on `users` and `nurse_profiles` (migration 0022) then sets `version` to
 * the next value of a sequence, so versions never repeat. A server keeps a search's people with
 * the version it read them at and uses them while the version is unchanged (docs/decisions/0040).
 * One row (id true); a missing row (a table emptied) means no version: nothing is kept.
 */
export const peopleSearchVersion = pgTable('people_search_version', {
  id: boolean().primaryKey().default(true),
  version: bigint({ mode: 'number' }).notNull(),
})

export const bookingOccurrences = pgTable(
  'booking_occurrences',
  {
    id: serial().primaryKey(),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    nurseId: integer()
      .notNull()
      .references(() => nurseProfiles.id),
    date: date({ mode: 'string' }).notNull(),
    startTimeLocal: text().notNull(),
    endTimeLocal: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: occurrenceStatusEnum().notNull().default('pending'),
    priceCents: integer().notNull(),
    refundCents: integer(),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('occurrences_booking_idx').on(t.bookingId),
    index('occurrences_nurse_date_idx').on(t.nurseId, t.date),
    index('occurrences_starts_idx').on(t.startsAt),
  ],
)

export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    // Null only for a due-date reservation's deposit before it counts toward a booking's first week
    // (docs/decisions/0073): then `reservationId` names its reservation.
    bookingId: integer().references(() => bookings.id, { onDelete: 'cascade' }),
    // A deposit, its refund or its payout to the nurse: the reservation it was paid for. A deposit
    // keeps it after it moves to the booking the plan became.
    reservationId: integer().references((): AnyPgColumn => reservations.id, { onDelete: 'set null' }),
    occurrenceId: integer().references(() => bookingOccurrences.id, { onDelete: 'set null' }),
    kind: paymentKindEnum().notNull().default('charge'),
    provider: text().notNull(),
    // PaymentIntent id for a charge, refund id for a refund.
    providerPaymentId: text().notNull(),
    amountCents: integer().notNull(),
    feeCents: integer().notNull().default(0),
    status: paymentStatusEnum().notNull().default('pending'),
    failureMessage: text(),
    // Why a refund was made (a cancelled night, a late payment for released nights, …).
    reason: text(),
    // The key sent to the provider: a repeated charge or refund request finds its row here.
    idempotencyKey: text(),
    // A series paid week by week (issue 15, docs/decisions/0028): the week a charge pays for, or
    // the week whose charge a refund comes from. Null when one charge pays the whole booking.
    week: integer(),
    // A refund: the charge it refunds (the booking's, a week's, or a moved night's difference;
    // docs/decisions/0034). Null for other kinds.
    chargeId: integer().references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    // A moved night's difference (a charge naming its night, docs/decisions/0034): when the move it
    // paid for was made, in the move's transaction. One never applied is refunded by reconciliation.
    appliedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_id_idx').on(t.providerPaymentId),
    // What is left of a charge: the sum of its refunds.
    index('payments_charge_idx').on(t.chargeId),
    uniqueIndex('payments_idempotency_key_idx').on(t.idempotencyKey),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_reservation_idx').on(t.reservationId),
    index('payments_created_idx').on(t.createdAt),
    // A night's payout (the admin stats) and ON DELETE SET NULL when a night goes.
    index('payments_occurrence_idx').on(t.occurrenceId),
  ],
)

// The built-in test payment provider (docs/money.md) keeps its intents and refunds here, playing
// the part of Stripe's own records: our `payments` rows are checked against them, never the
// other way round. Unused when Stripe keys are set.
export const testProviderIntents = pgTable(
  'test_provider_intents',
  {
    id: text().primaryKey(),
    clientSecret: text().notNull(),
    idempotencyKey: text().notNull(),
    amountCents: integer().notNull(),
    status: text().notNull().default('requires_payment_method'),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    lastError: text(),
    // The saved card that paid, or the card typed for an intent that saves it (a weekly series).
    customerId: text(),
    paymentMethodId: text(),
    savesCard: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('test_provider_intents_key_idx').on(t.idempotencyKey)],
)

export const testProviderRefunds = pgTable(
  'test_provider_refunds',
  {
    id: text().primaryKey(),
    // No foreign key: the demo data's charges were made before this table held their intents.
    intentId: text().notNull(),
    idempotencyKey: text().notNull(),
    amountCents: integer().notNull(),
    status: text().notNull().default('succeeded'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_provider_refunds_key_idx').on(t.idempotencyKey)],
)

export const processedProviderEvents = pgTable('processed_provider_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bookingConfirmations: boolean().notNull().default(true),
  bookingReminders: boolean().notNull().default(true),
  cancellationNotices: boolean().notNull().default(true),
  // The nurse's morning report of each night, by e-mail (issue 16).
  nightReports: boolean().notNull().default(true),
  // New messages, at most one e-mail per conversation an hour (issue 16).
  newMessages: boolean().notNull().default(true),
  reminderHoursBefore: integer().notNull().default(24),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * A browser's Web Push subscription (docs/decisions/0074): one per device of a user, found by its
 * push service endpoint; each device chooses which events it is told about. Removed on
 * unsubscribing and when the push service answers 404/410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    bookings: boolean().notNull().default(true),
    reservations: boolean().notNull().default(true),
    messages: boolean().notNull().default(true),
    reportReminders: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
)

/** The server's VAPID key pair when none is configured: made once, kept across restarts. */
export const pushKeys = pgTable('push_keys', {
  id: integer().primaryKey(),
  publicKey: text().notNull(),
  privateKey: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const sentNotifications = pgTable(
  'sent_notifications',
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    bookingId: integer().references(() => bookings.id, { onDelete: 'cascade' }),
    occurrenceId: integer().references(() => bookingOccurrences.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Each night is reminded once even when several servers sweep together.
  (t) => [uniqueIndex('sent_notifications_occurrence_kind_idx').on(t.occurrenceId, t.kind)],
)

export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial().primaryKey(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    // What SMTP would have attached (issue 17: the booking confirmation's .ics).
    attachments: jsonb().$type<Array<{ filename: string; contentType: string; content: string }>>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
)

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_email_lower_idx').on(sql`lower(${t.email})`)],
)

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: integer(),
    notes: text(),
    data: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_entity_idx').on(t.entityType, t.entityId)],
)

/**
 * Rate-limit counters shared by every app server (issue 14; rate-limiter-flexible's Drizzle
 * store, app/utils/rate-limit.server.ts): the key is the limiter's prefix and what it counts
 * (an e-mail, an address, an account), points are attempts so far, expire ends the window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    points: integer().notNull(),
    expire: timestamp({ withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
)

/**
 * Where a nurse is paid (issue 15, docs/decisions/0027): a Stripe Connect Express account, or an
 * account at the built-in test provider. The status columns are the provider's answer, read back
 * on the return from onboarding and on every `account.updated` webhook.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: serial().primaryKey(),
    nurseId: integer()
      .notNull()
      .references(() => nurseProfiles.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    accountId: text().notNull(),
    detailsSubmitted: boolean().notNull().default(false),
    payoutsEnabled: boolean().notNull().default(false),
    // What the provider still needs before it pays out (Stripe's requirements.currently_due).
    requirementsDue: text().array().notNull().default(sql`'{}'::text[]`),
    disabledReason: text(),
    bankLast4: text(),
    // The bank's answer when a payout to it failed (Stripe's payout.failed), until the next success.
    lastFailure: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex('payout_accounts_nurse_idx').on(t.nurseId), uniqueIndex('payout_accounts_account_idx').on(t.accountId)],
)

export const problemStatusEnum = pgEnum('problem_status', ['open', 'released', 'refunded'])

/**
 * A family's 'Report a problem with this night' (issue 15): it holds the night's payout until an
 * admin releases it to the nurse or refunds the night to the family.
 */
export const nightProblems = pgTable(
  'night_problems',
  {
    id: serial().primaryKey(),
    occurrenceId: integer()
      .notNull()
      .references(() => bookingOccurrences.id, { onDelete: 'cascade' }),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    reportedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    description: text().notNull(),
    status: problemStatusEnum().notNull().default('open'),
    resolvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text(),
    resolvedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('night_problems_occurrence_idx').on(t.occurrenceId), index('night_problems_status_idx').on(t.status)],
)

// The built-in test provider's payout accounts and transfers, playing the part of Stripe's records.
export const testProviderAccounts = pgTable('test_provider_accounts', {
  id: text().primaryKey(),
  bankLast4: text().notNull(),
  // Test account 000111111116: every payout to it fails, as with Stripe's test number.
  failsPayouts: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const testProviderTransfers = pgTable(
  'test_provider_transfers',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    idempotencyKey: text().notNull(),
    amountCents: integer().notNull(),
    reversedCents: integer().notNull().default(0),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_provider_transfers_key_idx').on(t.idempotencyKey)],
)

/**
 * A parent's saved card (issue 15, docs/decisions/0028): the one card the weekly charges of a long
 * series are made to, off-session. The card itself stays at the provider (a Stripe PaymentMethod
 * on the parent's Stripe customer); this row keeps what the pages show and the ids to charge it.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    customerId: text().notNull(),
    paymentMethodId: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('saved_cards_user_idx').on(t.userId)],
)

/** The parent's customer at the provider (a Stripe Customer), made the first time a card is saved. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    customerId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] }), uniqueIndex('payment_customers_customer_idx').on(t.customerId)],
)

export const chargeWeekStatusEnum = pgEnum('charge_week_status', ['scheduled', 'charging', 'paid', 'failed', 'released', 'waived'])

/**
 * The charge schedule of a weekly series longer than two weeks (issue 15, docs/decisions/0028):
 * one row per week. Week 1 is paid at booking; each later week is charged to the saved card five
 * days before its first night. A declined charge holds the week's nights for 48 hours from
 * `failedAt`, then releases them.
 */
export const bookingChargeWeeks = pgTable(
  'booking_charge_weeks',
  {
    id: serial().primaryKey(),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    week: integer().notNull(),
    // The week's first night, and when its charge is due (five days before that night starts).
    firstNightAt: timestamp({ withTimezone: true }).notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    status: chargeWeekStatusEnum().notNull().default('scheduled'),
    paymentId: integer().references(() => payments.id, { onDelete: 'set null' }),
    failedAt: timestamp({ withTimezone: true }),
    releasedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex('booking_charge_weeks_week_idx').on(t.bookingId, t.week), index('booking_charge_weeks_due_idx').on(t.status, t.dueAt)],
)

// The built-in test provider's saved cards (its PaymentMethods), playing the part of Stripe's.
export const testProviderCards = pgTable('test_provider_cards', {
  id: text().primaryKey(),
  customerId: text().notNull(),
  last4: text().notNull(),
  // Test card 4000 0000 0000 0341: saved, but every later charge to it is declined, as at Stripe.
  declinesCharges: boolean().notNull().default(false),
  detached: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export type NightReportFeed = { time: string; kind: 'breast_milk' | 'formula' | 'nursing'; ounces: number | null }
export type NightReportSleep = { from: string; to: string }

/**
 * The nurse's morning report of one night (issue 16): feeds with their times and amounts, diapers,
 * sleep stretches and a note for the parents. One per night; the nurse can correct it while the
 * report window is open (night-report-rules.ts).
 */
export const nightReports = pgTable(
  'night_reports',
  {
    id: serial().primaryKey(),
    occurrenceId: integer()
      .notNull()
      .references(() => bookingOccurrences.id, { onDelete: 'cascade' }),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    nurseId: integer()
      .notNull()
      .references(() => nurseProfiles.id),
    feeds: jsonb().$type<NightReportFeed[]>().notNull().default([]),
    wetDiapers: integer().notNull().default(0),
    dirtyDiapers: integer().notNull().default(0),
    sleeps: jsonb().$type<NightReportSleep[]>().notNull().default([]),
    notes: text().notNull().default(''),
    // The key the nurse's phone gave the last filing it applied (docs/decisions/0074): the same
    // filing sent again (a retry after a dropped connection) is answered without saving twice.
    submissionKey: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex('night_reports_occurrence_idx').on(t.occurrenceId), index('night_reports_booking_idx').on(t.bookingId)],
)

/**
 * A family's review of their nurse (issue 16): one per booking, after its first worked night,
 * editable for 14 days; the nurse answers once, publicly; an admin may hide one that breaks the
 * rules, with the reason kept. Hidden reviews count in no average.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial().primaryKey(),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    nurseId: integer()
      .notNull()
      .references(() => nurseProfiles.id, { onDelete: 'cascade' }),
    parentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    body: text().notNull(),
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenBy: integer().references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_booking_idx').on(t.bookingId),
    index('reviews_nurse_idx').on(t.nurseId, t.createdAt),
    // The admins' list, newest first, a page at a time.
    index('reviews_created_idx').on(t.createdAt, t.id),
  ],
)

/**
 * A conversation between a family and a nurse (issue 16): one per pair, started by the family.
 * Each side's last read time makes the unread counts; a report by either side lets admins read it.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial().primaryKey(),
    parentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nurseId: integer()
      .notNull()
      .references(() => nurseProfiles.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    parentReadAt: timestamp({ withTimezone: true }),
    nurseReadAt: timestamp({ withTimezone: true }),
    // When each side was last e-mailed about it: at most one e-mail an hour per side.
    parentEmailedAt: timestamp({ withTimezone: true }),
    nurseEmailedAt: timestamp({ withTimezone: true }),
    reportedAt: timestamp({ withTimezone: true }),
    reportedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reportReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.parentId, t.nurseId),
    index('conversations_nurse_idx').on(t.nurseId, t.lastMessageAt),
    index('conversations_reported_idx').on(t.reportedAt),
  ],
)

/** A message as it was written; pages mask contact details until a booking is confirmed (messages-rules.ts). */
export const messages = pgTable(
  'messages',
  {
    id: serial().primaryKey(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.createdAt)],
)

/**
 * A private calendar subscription (issue 17): the URL's token is shown once and kept here only as
 * its SHA-256, so a leaked database does not leak feeds. Making a new URL revokes the old one.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('calendar_feeds_token_idx').on(t.tokenHash), index('calendar_feeds_user_idx').on(t.userId)],
)

// Background checks (docs/decisions/0061). A check's status is written only by
// app/domain/verification/check-life-cycle.server.ts. We keep the provider's ids, the result, the
// screenings' names and outcomes and dates: never a social security number or the report itself.
export const backgroundCheckStatusEnum = pgEnum('background_check_status', [
  'invited',
  'pending',
  'needs_review',
  'clear',
  'approved',
  'pre_adverse',
  'adverse',
  'suspended',
])
export const backgroundCheckResultEnum = pgEnum('background_check_result', ['clear', 'consider', 'suspended'])

export interface CheckScreening {
  name: string
  outcome: 'clear' | 'consider' | 'pending' | 'suspended'
  record: string | null
}

export const backgroundChecks = pgTable(
  'background_checks',
  {
    id: serial().primaryKey(),
    nurseProfileId: integer()
      .notNull()
      .references(() => nurseProfiles.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    candidateId: text().notNull(),
    invitationId: text(),
    invitationUrl: text(),
    reportId: text(),
    status: backgroundCheckStatusEnum().notNull(),
    result: backgroundCheckResultEnum(),
    screenings: jsonb().$type<CheckScreening[]>().notNull().default([]),
    // Her authorization: the full name she typed, and when.
    consentName: text().notNull(),
    consentedAt: timestamp({ withTimezone: true }).notNull(),
    invitedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    // Twelve months after the report completed.
    expiresAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('background_checks_nurse_idx').on(t.nurseProfileId, t.id),
    index('background_checks_status_idx').on(t.status, t.id),
    uniqueIndex('background_checks_report_idx').on(t.provider, t.reportId),
    index('background_checks_candidate_idx').on(t.provider, t.candidateId),
  ],
)

/** Every step of a check, with who took it (null: the provider) and when. */
export const backgroundCheckEvents = pgTable(
  'background_check_events',
  {
    id: serial().primaryKey(),
    checkId: integer()
      .notNull()
      .references(() => backgroundChecks.id, { onDelete: 'cascade' }),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    fromStatus: backgroundCheckStatusEnum(),
    toStatus: backgroundCheckStatusEnum(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('background_check_events_check_idx').on(t.checkId, t.id)],
)

/** The pre-adverse notice, the wait of five business days, her dispute, and the final notice. */
export const backgroundCheckAdverseActions = pgTable(
  'background_check_adverse_actions',
  {
    id: serial().primaryKey(),
    checkId: integer()
      .notNull()
      .references(() => backgroundChecks.id, { onDelete: 'cascade' }),
    providerAdverseActionId: text(),
    preAdverseSentAt: timestamp({ withTimezone: true }).notNull(),
    earliestFinalAt: timestamp({ withTimezone: true }).notNull(),
    disputeNote: text(),
    disputedAt: timestamp({ withTimezone: true }),
    finalSentAt: timestamp({ withTimezone: true }),
    withdrawnAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('background_check_adverse_actions_check_idx').on(t.checkId)],
)

// Credentials with dates (docs/decisions/0062). A credential's status is written only by
// app/domain/verification/credential-life-cycle.server.ts; every change is logged with who and when.
export const credentialKindEnum = pgEnum('credential_kind', ['RN', 'LPN', 'CNA', 'NCS', 'CPR', 'Doula', 'Other'])
export const credentialStatusEnum = pgEnum('credential_status', [
  'submitted',
  'current',
  'expiring',
  'expired',
  'revoked',
  'rejected',
])
export const licenseLookupOutcomeEnum = pgEnum('license_lookup_outcome', [
  'active',
  'expired',
  'encumbered',
  'not_found',
])

export const nurseCredentials = pgTable(
  'nurse_credentials',
  {
    id: serial().primaryKey(),
    nurseProfileId: integer()
      .notNull()
      .references(() => nurseProfiles.id, { onDelete: 'cascade' }),
    kind: credentialKindEnum().notNull(),
    // The license or certificate number, as printed.
    number: text(),
    // A state's two-letter code for a license; the body's name for a certificate.
    issuer: text().notNull(),
    expiresOn: date({ mode: 'string' }),
    documentFileId: integer().references(() => files.id, { onDelete: 'set null' }),
    status: credentialStatusEnum().notNull().default('submitted'),
    // The license registry's last answer, and where it came from; null for a certificate an admin
    // confirmed from its document.
    lookupOutcome: licenseLookupOutcomeEnum(),
    lookupSource: text(),
    checkedAt: timestamp({ withTimezone: true }),
    // The admin who confirmed or refused it; null when a registry answered.
    checkedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('nurse_credentials_nurse_idx').on(t.nurseProfileId, t.kind, t.id),
    index('nurse_credentials_status_expiry_idx').on(t.status, t.expiresOn),
  ],
)

export const nurseCredentialEvents = pgTable(
  'nurse_credential_events',
  {
    id: serial().primaryKey(),
    credentialId: integer()
      .notNull()
      .references(() => nurseCredentials.id, { onDelete: 'cascade' }),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    fromStatus: credentialStatusEnum(),
    toStatus: credentialStatusEnum(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('nurse_credential_events_credential_idx').on(t.credentialId, t.id)],
)

/**
 * Each notice about an expiry sent once: 30 and 7 days before, on the day, and the yearly
 * re-check ordered. `subject` is 'check' or 'credential'; the unique index makes the daily job
 * safe to run twice.
 */
export const verificationNotices = pgTable(
  'verification_notices',
  {
    id: serial().primaryKey(),
    subject: text().notNull(),
    subjectId: integer().notNull(),
    notice: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('verification_notices_once_idx').on(t.subject, t.subjectId, t.notice)],
)

// Edits after approval (docs/decisions/0062): her name, photo and documents wait here for an
// admin while the public profile keeps the approved version. One pending change per nurse.
export const profileChangeStatusEnum = pgEnum('profile_change_status', ['pending', 'approved', 'rejected'])

export const nurseProfileChanges = pgTable(
  'nurse_profile_changes',
  {
    id: serial().primaryKey(),
    nurseProfileId: integer()
      .notNull()
      .references(() => nurseProfiles.id, { onDelete: 'cascade' }),
    status: profileChangeStatusEnum().notNull().default('pending'),
    // Each field is null when it does not change.
    displayName: text(),
    photoFileId: integer().references(() => files.id, { onDelete: 'set null' }),
    certificationFileId: integer().references(() => files.id, { onDelete: 'set null' }),
    idDocumentFileId: integer().references(() => files.id, { onDelete: 'set null' }),
    credentials: text().array(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    reason: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('nurse_profile_changes_pending_idx')
      .on(t.nurseProfileId)
      .where(sql`${t.status} = 'pending'`),
    index('nurse_profile_changes_status_idx').on(t.status, t.id),
  ],
)

// Due-date reservations (issue 36): a family holds a nurse around the baby's expected due date; the
// plan becomes a booking when the baby comes home. A reservation's status is written only by its
// life-cycle module; every change is logged with who and when.
export const reservationStatusEnum = pgEnum('reservation_status', [
  // Made, its deposit not yet paid: it holds the nights for 15 minutes (docs/decisions/0073).
  'unpaid',
  'requested',
  'accepted',
  'lapsed',
  'declined',
  'cancelled',
  'started',
])

export const reservations = pgTable(
  'reservations',
  {
    id: serial().primaryKey(),
    parentId: integer()
      .notNull()
      .references(() => users.id),
    nurseId: integer()
      .notNull()
      .references(() => nurseProfiles.id),
    status: reservationStatusEnum().notNull().default('requested'),
    // The expected due date, and the start window around it the nurse offered when asked.
    dueDate: date({ mode: 'string' }).notNull(),
    // The due date the deposit's 30 days are counted from when it is not the due date (decision
    // 0073): set by a change of due date made after the last day the deposit could be had back,
    // and kept from then on, so moving the due date never gives back a deposit that had become the
    // nurse's. Null: the due date itself.
    refundDueDate: date({ mode: 'string' }),
    windowBeforeDays: integer().notNull(),
    windowAfterDays: integer().notNull(),
    // The plan: how many weeks, which weekdays (0 = Sunday … 6 = Saturday), and the shift, in the
    // nurse's zone.
    weeks: integer().notNull(),
    nightsPerWeek: integer().notNull(),
    weekdays: integer().array().notNull(),
    startTimeLocal: text().notNull(),
    endTimeLocal: text().notNull(),
    babies: integer().notNull().default(1),
    timezone: text().notNull(),
    addressText: text().notNull(),
    notes: text(),
    // Her prices when the family asked: the plan is quoted and later booked at these.
    nightlyRateCents: integer().notNull(),
    extraBabyCents: integer().notNull().default(0),
    // A request not answered by then lapses.
    respondBy: timestamp({ withTimezone: true }).notNull(),
    answeredAt: timestamp({ withTimezone: true }),
    reason: text(),
    cancelledBy: integer().references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    // The deposit paid as it was made (docs/decisions/0073); null for one made before deposits.
    depositCents: integer(),
    ...timestamps,
  },
  (t) => [
    index('reservations_nurse_status_idx').on(t.nurseId, t.status, t.dueDate),
    index('reservations_parent_idx').on(t.parentId, t.createdAt),
    index('reservations_status_respond_idx').on(t.status, t.respondBy),
  ],
)

export const reservationEvents = pgTable(
  'reservation_events',
  {
    id: serial().primaryKey(),
    reservationId: integer()
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    fromStatus: reservationStatusEnum(),
    toStatus: reservationStatusEnum(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reservation_events_reservation_idx').on(t.reservationId, t.id)],
)

// An interview before booking (issue 36): a family proposes up to three 20-minute times; the nurse
// accepts one or proposes others. Interviews are free and hold no nights.
export const interviewStatusEnum = pgEnum('interview_status', ['proposed', 'accepted', 'declined', 'cancelled'])

export const interviews = pgTable(
  'interviews',
  {
    id: serial().primaryKey(),
    parentId: integer()
      .notNull()
      .references(() => users.id),
    nurseId: integer()
      .notNull()
      .references(() => nurseProfiles.id),
    status: interviewStatusEnum().notNull().default('proposed'),
    // 'video' or 'phone'.
    medium: text().notNull(),
    // Who proposed the times waiting for an answer: the other side picks one.
    proposedBy: roleEnum().notNull(),
    proposedTimes: timestamp({ withTimezone: true }).array().notNull(),
    // The time agreed, and the nurse's meeting link or phone number, shown to this family for this
    // interview only.
    scheduledAt: timestamp({ withTimezone: true }),
    contact: text(),
    note: text(),
    reminderSentAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('interviews_nurse_idx').on(t.nurseId, t.status, t.scheduledAt),
    index('interviews_parent_idx').on(t.parentId, t.createdAt),
    index('interviews_reminder_idx').on(t.status, t.scheduledAt),
  ],
)
