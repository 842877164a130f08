// A mail server that fails after the thing is done: the reservation, the interview and the start of
// the nights still stand, the person is answered with them (not a 500 that invites a second try
// the first one now refuses), and the failure is logged.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { resetConfigForTests } from '../../app/config.server'
import { acceptInterview, requestInterview } from '../../app/domain/interviews/interview-life-cycle.server'
import { resetEmailTransportForTests } from '../../app/domain/notifications/email.server'
import { addDays } from '../../app/domain/time/shift-times'
import * as createApi from '../../app/api/reservations.create'
import { createNurse, createUser, futureDates } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const [TODAY] = futureDates(0)

describe('with the mail server down', () => {
  let logged: ReturnType<typeof vi.spyOn>
  beforeEach(() => {
    // Nothing listens on port 1: every send is refused at once.
    process.env.SMTP_URL = 'smtp://127.0.0.1:1'
    resetConfigForTests()
    resetEmailTransportForTests()
    logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => {
    delete process.env.SMTP_URL
    resetConfigForTests()
    resetEmailTransportForTests()
    logged.mockRestore()
  })

  test('a reservation is made and answered 201; the e-mail to her is logged as not sent', async () => {
    const nurse = await createNurse()
    const parent = await createUser()
    const body = {
      nurseId: nurse.id,
      dueDate: addDays(TODAY, 40),
      weeks: 2,
      nightsPerWeek: 3,
      weekdays: [1, 3, 5],
      startTimeLocal: '22:00',
      endTimeLocal: '06:00',
      babies: 1,
      addressText: '12 Beacon Street, Boston, MA 02108',
      payWith: 'card',
      cardNumber: '4242 4242 4242 4242',
    }
    const response = await call(createApi.action as never, makeRequest('/_api/reservations/create', { cookie: await cookieFor(parent.id), body }))
    expect(response.status).toBe(201)
    expect((await response.json()).reservation.status).toBe('requested')
    expect(logged.mock.calls.some((args: unknown[]) => String(args[0]).includes('could not be sent'))).toBe(true)
  })

  test('an interview is asked and agreed; neither answer is an error', async () => {
    const nurse = await createNurse()
    const parent = await createUser()
    const at = new Date(Date.now() + 3 * 86_400_000)
    at.setUTCMinutes(0, 0, 0)
    const local = at.toISOString().slice(0, 16)
    const asked = await requestInterview({ id: parent.id, role: 'parent' }, { nurseId: nurse.id, medium: 'video', times: { values: [local], timeZone: 'UTC' }, note: null })
    expect(asked.ok, JSON.stringify(asked)).toBe(true)
    if (!asked.ok) return
    const agreed = await acceptInterview({ id: nurse.userId, role: 'nurse' }, asked.id, { at, contact: 'https://meet.example.com/kiri' })
    expect(agreed).toMatchObject({ ok: true })
  })
})
