// The forms and calls of paying nurses (issue 15): the family's problem report, the nurse's test
// bank account, a statement's month, and the admin's decisions on holds and failed payouts.
import { z } from 'zod'
import { multilineText, positiveId } from './fields'

export const PROBLEM_DESCRIPTION_MESSAGE = 'Please tell us what happened (at least 10 characters).'

const problemFields = {
  occurrenceId: positiveId('Choose the night the problem was with.'),
  description: multilineText(2000, { error: PROBLEM_DESCRIPTION_MESSAGE, label: 'The description' }).pipe(
    z.string({ error: PROBLEM_DESCRIPTION_MESSAGE }).min(10, PROBLEM_DESCRIPTION_MESSAGE),
  ),
}

/** The booking page's form (the booking is in its address). */
export const ReportProblemSchema = z.object({ intent: z.literal('report-problem'), ...problemFields })

/** POST /_api/bookings/report-problem. */
export const ReportProblemApiSchema = z.object({ bookingId: positiveId('Booking not found'), ...problemFields })

export const ROUTING_NUMBER_MESSAGE = 'Routing number must be 9 digits'
export const ACCOUNT_NUMBER_MESSAGE = 'Account number must be 4 to 17 digits'

const bankFields = {
  routingNumber: z
    .string({ error: ROUTING_NUMBER_MESSAGE })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string({ error: ROUTING_NUMBER_MESSAGE }).regex(/^\d{9}$/, ROUTING_NUMBER_MESSAGE)),
  accountNumber: z
    .string({ error: ACCOUNT_NUMBER_MESSAGE })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string({ error: ACCOUNT_NUMBER_MESSAGE }).regex(/^\d{4,17}$/, ACCOUNT_NUMBER_MESSAGE)),
}

/** The dashboard's form, and POST /_api/nurses/payout-account. */
export const TestBankAccountSchema = z.object({ intent: z.literal('connect-test-payout'), ...bankFields })
export const TestBankAccountApiSchema = z.object(bankFields)

/** A statement's month in its address: /nurse/statements/2026-11.csv. */
export const StatementParamsSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Statement not found'),
})

const NOTE_MESSAGE = 'Say why, for the record'
const resolveFields = {
  problemId: positiveId('Problem report not found'),
  decision: z.enum(['release', 'refund'], { error: 'Choose release or refund' }),
  // One message whether the note is empty or missing (a form's empty field reaches the schema as missing).
  note: multilineText(1000, { error: NOTE_MESSAGE, label: 'The note' }).pipe(z.string({ error: NOTE_MESSAGE }).min(1, NOTE_MESSAGE)),
}
export const ResolveProblemSchema = z.object({ intent: z.literal('resolve-problem'), ...resolveFields })
export const ResolveProblemApiSchema = z.object(resolveFields)

const retryFields = { paymentId: positiveId('Payout not found') }
export const RetryPayoutSchema = z.object({ intent: z.literal('retry-payout'), ...retryFields })
export const RetryPayoutApiSchema = z.object(retryFields)

/** An earnings summary's year in its address: /nurse/earnings/2026.csv. */
export const EarningsYearParamsSchema = z.object({ year: z.string().regex(/^20\d\d$/, 'Summary not found') })
