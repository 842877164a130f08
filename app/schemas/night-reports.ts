// The nurse's morning report form (issue 16). It works without JavaScript: a fixed number of feed
// and sleep rows, of which the empty ones are ignored; a row half filled is an error on that row.
import { z } from 'zod'
import { FEED_KINDS, isWithinNight, MAX_FEEDS, MAX_SLEEPS, outsideNightMessage, type NightShift } from '../domain/night-reports/night-report-rules'
import { multilineText } from './fields'

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/
export const FEED_TIME_MESSAGE = 'Enter the time of this feed'
export const OUNCES_MESSAGE = 'Ounces must be between 0 and 16, in halves'
export const SLEEP_TIMES_MESSAGE = 'Enter when this sleep began and ended'
export const DIAPERS_MESSAGE = 'Enter a number from 0 to 30'

const clock = (message: string) => z.string({ error: message }).regex(CLOCK, message)

const ounces = z
  .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/, OUNCES_MESSAGE).transform(Number)], { error: OUNCES_MESSAGE })
  .pipe(z.number().min(0, OUNCES_MESSAGE).max(16, OUNCES_MESSAGE).refine((value) => Number.isInteger(value * 2), OUNCES_MESSAGE))

/** With a night, every time given must fall within it (issue 38: a feed at 3 PM was taken). */
function feedRow(night?: NightShift) {
  return z
    .object({
      time: clock(FEED_TIME_MESSAGE).optional(),
      kind: z.enum(Object.keys(FEED_KINDS) as [keyof typeof FEED_KINDS, ...(keyof typeof FEED_KINDS)[]]).default('formula'),
      ounces: ounces.optional(),
    })
    .superRefine((row, ctx) => {
      if (!row.time && row.ounces !== undefined) ctx.addIssue({ code: 'custom', path: ['time'], message: FEED_TIME_MESSAGE })
      if (night && row.time && !isWithinNight(row.time, night)) ctx.addIssue({ code: 'custom', path: ['time'], message: outsideNightMessage(night) })
    })
}

function sleepRow(night?: NightShift) {
  return z
    .object({ from: clock(SLEEP_TIMES_MESSAGE).optional(), to: clock(SLEEP_TIMES_MESSAGE).optional() })
    .superRefine((row, ctx) => {
      if (row.from && !row.to) ctx.addIssue({ code: 'custom', path: ['to'], message: SLEEP_TIMES_MESSAGE })
      if (row.to && !row.from) ctx.addIssue({ code: 'custom', path: ['from'], message: SLEEP_TIMES_MESSAGE })
      if (row.from && row.to && row.from === row.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'A sleep must end after it begins' })
      for (const key of ['from', 'to'] as const) {
        const time = row[key]
        if (night && time && !isWithinNight(time, night)) ctx.addIssue({ code: 'custom', path: [key], message: outsideNightMessage(night) })
      }
    })
}

const diapers = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, DIAPERS_MESSAGE).transform(Number)], { error: DIAPERS_MESSAGE })
  .pipe(z.number().int(DIAPERS_MESSAGE).min(0, DIAPERS_MESSAGE).max(30, DIAPERS_MESSAGE))

/** The report of one night: its times within the night. Without a night, the form's shape alone. */
export function nightReportSchemaFor(night?: NightShift) {
  return z.object({
  feeds: z
    .array(feedRow(night).optional())
    .max(MAX_FEEDS, `At most ${MAX_FEEDS} feeds`)
    .default([])
    .transform((rows) =>
      rows.flatMap((row) => (row?.time ? [{ time: row.time, kind: row.kind, ounces: row.kind === 'nursing' ? null : (row.ounces ?? null) }] : [])),
    ),
  wetDiapers: diapers.default(0),
  dirtyDiapers: diapers.default(0),
  sleeps: z
    .array(sleepRow(night).optional())
    .max(MAX_SLEEPS, `At most ${MAX_SLEEPS} sleeps`)
    .default([])
    .transform((rows) => rows.flatMap((row) => (row?.from && row.to ? [{ from: row.from, to: row.to }] : []))),
  notes: multilineText(2000, { label: 'The note' }).default(''),
  })
}

export const NightReportSchema = nightReportSchemaFor()
export type NightReportInput = z.infer<typeof NightReportSchema>

/**
 * The key the nurse's phone gives one press of Send (docs/decisions/0074): a filing sent again
 * with it is received once. Missing or malformed, the filing is simply filed (as without it).
 */
export const SubmissionKeySchema = z.uuid().nullable().catch(null)
