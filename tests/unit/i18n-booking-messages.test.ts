// The sign-in and booking pages show their schemas' refusals in Spanish: every message these
// forms can give for a blank, a wrong or a too-long value is in the Spanish `messages` catalogue.
import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { LoginSchema, RegisterSchema } from '~/schemas/auth'
import { BookingDatesSchema, BookingDetailsSchema, TestCardPaymentSchema } from '~/schemas/booking'
import { ForgotPasswordSchema, ResetPasswordSchema } from '~/schemas/password-reset'
import { ReservationRequestSchema } from '~/schemas/reservations'
import { SaveTestCardSchema } from '~/schemas/saved-cards'

const spanish: Record<string, string> = Object.assign(
  {},
  ...fs
    .readdirSync('app/locales/es')
    .filter((name) => /^messages(\.[\w-]+)?\.json$/.test(name))
    .map((name) => JSON.parse(fs.readFileSync(`app/locales/es/${name}`, 'utf8'))),
)

function messagesOf(schema: z.ZodType, inputs: unknown[]): string[] {
  return inputs.flatMap((input) => {
    const parsed = schema.safeParse(input)
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
  })
}

const long = (n: number) => 'a'.repeat(n)
const night = { date: '2030-01-15', startTimeLocal: '22:00', endTimeLocal: '06:00' }

const FORMS: Array<[string, z.ZodType, unknown[]]> = [
  ['log in', LoginSchema, [{}, { email: 'x', password: '' }, { email: long(300), password: long(201) }]],
  ['sign up', RegisterSchema, [{}, { displayName: '', email: 'x', password: 'short', role: 'x' }, { displayName: long(101), email: long(300), password: long(201), role: 'parent' }, { displayName: 'a\u0007b', email: 'a@b.co', password: long(8), role: 'parent' }]],
  ['forgot password', ForgotPasswordSchema, [{}, { email: 'x' }]],
  ['reset password', ResetPasswordSchema, [{}, { token: long(30), newPassword: 'short', confirmPassword: 'other' }, { token: long(30), newPassword: long(9), confirmPassword: long(10) }]],
  ['dates', BookingDatesSchema, [{}, { nights: [] }, { nights: [{}] }, { nights: [{ ...night, endTimeLocal: '22:00' }], repeatWeekly: true }, { nights: Array.from({ length: 61 }, () => night), weeksCount: 53, babies: 9 }]],
  ['details', BookingDetailsSchema, [{}, { fullName: 'a', phone: '12', address: 'short', notes: long(1001), acceptTerms: false }, { fullName: long(101), phone: long(31), address: long(301) }]],
  ['test card', TestCardPaymentSchema, [{}, { paymentIntentId: '', clientSecret: '', cardNumber: '' }]],
  ['reserve', ReservationRequestSchema, [{}, { nurseId: 1, dueDate: 'x', weeks: 0, nightsPerWeek: 9, weekdays: [1, 1], startTimeLocal: '22:00', endTimeLocal: '22:00', babies: 9, addressText: '' }, { nurseId: 1, dueDate: '2030-01-01', weeks: 26, nightsPerWeek: 3, weekdays: [1], startTimeLocal: '22:00', endTimeLocal: '06:00', addressText: long(301), notes: long(1001) }]],
  ['save a card', SaveTestCardSchema, [{ intent: 'save-test-card' }, { intent: 'save-test-card', cardNumber: '12' }]],
]

describe('the sign-in and booking forms say their refusals in Spanish', () => {
  test.each(FORMS)('%s', (_name, schema, inputs) => {
    const messages = [...new Set(messagesOf(schema, inputs))]
    expect(messages.length).toBeGreaterThan(0)
    expect(messages.filter((message) => !spanish[message])).toEqual([])
  })
})
