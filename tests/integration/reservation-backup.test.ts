// Backup nurses (issue 36, docs/decisions/0070): the baby came outside the reserved nurse's window.
// The family sees the nurses near it open on every night of the same plan from that first night,
// each with her price for it, and books one in one step; once the first week is paid the
// reservation has started with her, the reserved nurse's held nights are free and she is told.
// Runs on PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookings, outboxEmails, reservationEvents, reservations } from '../../app/db/schema'
import { priceNights } from '../../app/domain/bookings/pricing'
import { bookBackupNurse, findBackupNurses, INSIDE_THE_WINDOW, NOT_A_BACKUP } from '../../app/domain/payments/backup-nurses.server'
import { confirmPayment, createPaymentIntentForBooking, payWithTestCard } from '../../app/domain/payments/payments.server'
import { startReservedPlan } from '../../app/domain/payments/start-reserved-plan.server'
import { NOT_STARTED, TOO_LATE_TO_TURN_DOWN, turnDownStart, turnDownWindow } from '../../app/domain/payments/turn-down-start.server'
import { payments } from '../../app/db/schema'
import * as turnDownApi from '../../app/api/reservations.turn-down'
import { TEST_CARD_SUCCEEDS } from '../../app/domain/payments/test-cards'
import { answerReservation, findReservedNights } from '../../app/domain/reservations/reservations.server'
import { heldNights, planNights, reservationWindow, weekdayOf } from '../../app/domain/reservations/reservation-window'
import { addDays } from '../../app/domain/time/shift-times'
import * as backupApi from '../../app/api/reservations.book-backup'
import * as backupsApi from '../../app/api/reservations.backups'
import * as createApi from '../../app/api/reservations.create'
import * as startApi from '../../app/api/reservations.start'
import { createNurse, createUser, futureDates, publishNights } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const [TODAY] = futureDates(0)
const SHIFT = { startTimeLocal: '22:00', endTimeLocal: '06:00' }
const PLAN = { weeks: 2, nightsPerWeek: 3, weekdays: [1, 3, 5] }

const plan = (nurseId: number, dueDate: string, extra: Record<string, unknown> = {}) => ({
  nurseId,
  dueDate,
  ...PLAN,
  ...SHIFT,
  babies: 1,
  addressText: '12 Beacon Street, Boston, MA 02108',
  // The deposit, paid with a card entered with the plan (decision 0073).
  payWith: 'card',
  cardNumber: '4242 4242 4242 4242',
  ...extra,
})

async function reserve(parentId: number, body: unknown) {
  const response = await call(createApi.action as never, makeRequest('/_api/reservations/create', { cookie: await cookieFor(parentId), body }))
  expect(response.status).toBe(201)
  return (await response.json()).reservation as { id: number; status: string; dueDate: string; windowBeforeDays: number; windowAfterDays: number }
}

function nextMonday(from: string) {
  let date = from
  while (weekdayOf(date) !== 1) date = addDays(date, 1)
  return date
}

async function payFirstWeek(parent: { id: number; email: string }, bookingId: number) {
  const intent = await createPaymentIntentForBooking(parent, bookingId)
  if (!intent.ok) throw new Error(intent.error)
  const paid = await payWithTestCard({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: TEST_CARD_SUCCEEDS })
  if (!paid.ok) throw new Error(paid.error)
  const confirmed = await confirmPayment({ id: parent.id, role: 'parent' }, intent.paymentIntentId)
  if (!confirmed.ok) throw new Error(confirmed.error)
}

/** A reserved nurse, a family with her accepted reservation, and a first night a week past her window. */
async function earlyAndLate(babies = 1) {
  const due = addDays(TODAY, 30)
  const nora = await createNurse({ name: 'Nora Reserved', profile: { instantReservations: true, reservationWindowBeforeDays: 7, reservationWindowAfterDays: 7, maxBabies: 3 } })
  const parent = await createUser({ displayName: 'Jordan Family' })
  const reservation = await reserve(parent.id, plan(nora.id, due, { babies }))
  expect(reservation.status).toBe('accepted')
  const { lastStart } = reservationWindow(reservation)
  const first = nextMonday(addDays(lastStart, 1))
  const nights = planNights(PLAN, first)
  // Nora is open then too, but outside the window she offered: never her own backup.
  await publishNights(nora, nights, SHIFT)
  return { nora, parent, reservation, first, nights }
}

describe('a first night outside the window', () => {
  test('lists the nurses open on every night of the plan from it, priced for the plan, and books one in one step; paid, the reservation has started', async () => {
    const { nora, parent, reservation, first, nights } = await earlyAndLate()
    const maya = await createNurse({ name: 'Maya Backup', rateCents: 32000 })
    await publishNights(maya, nights, SHIFT)
    const lee = await createNurse({ name: 'Lee Partly' })
    await publishNights(lee, nights.slice(0, 3), SHIFT)
    const actor = { id: parent.id, role: 'parent' as const }

    // 'Our baby is here' with that night: refused, and it says why and where to go.
    const refused = await startReservedPlan(actor, { reservationId: reservation.id, firstNight: first })
    expect(refused).toMatchObject({ ok: false, status: 409, outsideWindow: true })
    expect(refused.ok ? '' : refused.error).toMatch(/^Nora can start from .+ to .+\. For another first night, book one of the nurses near you/)

    const found = await findBackupNurses(actor, { reservationId: reservation.id, firstNight: first })
    if (!found.ok) throw new Error(found.error)
    expect(found.nights).toEqual(nights)
    const ids = found.nurses.map((backup) => backup.card.id)
    expect(ids).toContain(maya.id)
    expect(ids).not.toContain(nora.id)
    expect(ids).not.toContain(lee.id)
    const offer = found.nurses.find((backup) => backup.card.id === maya.id)!
    expect(offer.planCents).toBe(priceNights(32000, nights.length).totalAmountCents)
    expect(offer.weekCents).toBe(priceNights(32000, 3).totalAmountCents)

    const booked = await bookBackupNurse(actor, { reservationId: reservation.id, nurseId: maya.id, firstNight: first })
    if (!booked.ok) throw new Error(booked.error)
    expect(booked.existing).toBe(false)
    expect(booked.booking).toMatchObject({ nurseId: maya.id, status: 'pending', pattern: 'recurring', weeksCount: 2, nightlyRateCents: 32000, startDate: first })
    expect(booked.booking.occurrences.map((night) => night.date)).toEqual(nights)
    const [row] = await getDb().select().from(bookings).where(eq(bookings.id, booked.booking.id))
    expect(row.reservationId).toBe(reservation.id)
    // Pressed twice: the same booking.
    const again = await bookBackupNurse(actor, { reservationId: reservation.id, nurseId: maya.id, firstNight: first })
    expect(again).toMatchObject({ ok: true, existing: true, booking: { id: booked.booking.id } })

    // Until it is paid, Nora's nights stay held for the family.
    const stranger = await createUser()
    const noraHeld = heldNights({ ...reservation, ...PLAN, ...SHIFT }, nora.timezone).slice(0, 2)
    expect(await findReservedNights(getDb(), { nurseId: nora.id, parentId: stranger.id, nights: noraHeld, now: new Date() })).not.toEqual([])

    await payFirstWeek(parent, booked.booking.id)
    const [after] = await getDb().select().from(reservations).where(eq(reservations.id, reservation.id))
    expect(after.status).toBe('started')
    const events = await getDb().select().from(reservationEvents).where(eq(reservationEvents.reservationId, reservation.id)).orderBy(reservationEvents.id)
    expect(events.at(-1)).toMatchObject({ action: 'backup-nurse', fromStatus: 'accepted', toStatus: 'started', actorId: parent.id })
    expect(await findReservedNights(getDb(), { nurseId: nora.id, parentId: stranger.id, nights: noraHeld, now: new Date() })).toEqual([])
    const told = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, nora.email))
    expect(told.map((mail) => mail.subject)).toContain("Jordan's baby is here: nights booked with another nurse")
    // Maya has the usual confirmation.
    const mayaMail = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, maya.email))
    expect(mayaMail.length).toBeGreaterThan(0)
    // Started: no more backups, no second booking.
    expect(await findBackupNurses(actor, { reservationId: reservation.id, firstNight: first })).toMatchObject({ ok: false, status: 409 })
  })

  test('twins: only nurses who take them, priced with her extra per baby', async () => {
    const { reservation, parent, first, nights } = await earlyAndLate(2)
    const single = await createNurse({ name: 'Sole Nurse', profile: { maxBabies: 1 } })
    await publishNights(single, nights, SHIFT)
    const twins = await createNurse({ name: 'Twin Nurse', rateCents: 30000, profile: { maxBabies: 2, extraBabyCents: 5000 } })
    await publishNights(twins, nights, SHIFT)
    const found = await findBackupNurses({ id: parent.id, role: 'parent' }, { reservationId: reservation.id, firstNight: first })
    if (!found.ok) throw new Error(found.error)
    const ids = found.nurses.map((backup) => backup.card.id)
    expect(ids).toContain(twins.id)
    expect(ids).not.toContain(single.id)
    expect(found.nurses.find((backup) => backup.card.id === twins.id)!.planCents).toBe(
      priceNights(30000, nights.length, { babies: 2, extraBabyCents: 5000 }).totalAmountCents,
    )
  })

  test('inside the window there are no backups; another family gets 404; a nurse not open on the plan is refused', async () => {
    const { nora, parent, reservation, first, nights } = await earlyAndLate()
    const actor = { id: parent.id, role: 'parent' as const }
    const inside = reservation.dueDate
    expect(await findBackupNurses(actor, { reservationId: reservation.id, firstNight: inside })).toMatchObject({ ok: false, status: 409, error: INSIDE_THE_WINDOW })
    const stranger = await createUser()
    expect(await findBackupNurses({ id: stranger.id, role: 'parent' }, { reservationId: reservation.id, firstNight: first })).toMatchObject({ ok: false, status: 404 })
    expect(await bookBackupNurse(actor, { reservationId: reservation.id, nurseId: nora.id, firstNight: first })).toMatchObject({ ok: false, status: 409 })
    const busy = await createNurse({ name: 'Busy Nurse' })
    await publishNights(busy, nights.slice(1), SHIFT)
    const refused = await bookBackupNurse(actor, { reservationId: reservation.id, nurseId: busy.id, firstNight: first })
    expect(refused.ok).toBe(false)
    expect(await getDb().select().from(bookings).where(eq(bookings.reservationId, reservation.id))).toHaveLength(0)
  })

  test('the API: /start says outsideWindow, /backups lists, /book-backup answers 201 with the booking; others 404 or 403', async () => {
    const { parent, reservation, first, nights } = await earlyAndLate()
    const maya = await createNurse({ name: 'Maya Api' })
    await publishNights(maya, nights, SHIFT)
    const cookie = await cookieFor(parent.id)
    const start = await call(startApi.action as never, makeRequest('/_api/reservations/start', { cookie, body: { reservationId: reservation.id, firstNight: first } }))
    expect(start.status).toBe(409)
    expect(await start.json()).toMatchObject({ outsideWindow: true })

    const list = await call(backupsApi.loader as never, makeRequest(`/_api/reservations/backups?reservationId=${reservation.id}&firstNight=${first}`, { cookie }))
    expect(list.status).toBe(200)
    const body = await list.json()
    expect(body.nights).toEqual(nights)
    expect(body.nurses.map((backup: { nurse: { id: number } }) => backup.nurse.id)).toContain(maya.id)
    const stranger = await createUser()
    const hidden = await call(backupsApi.loader as never, makeRequest(`/_api/reservations/backups?reservationId=${reservation.id}&firstNight=${first}`, { cookie: await cookieFor(stranger.id) }))
    expect(hidden.status).toBe(404)
    const bad = await call(backupsApi.loader as never, makeRequest(`/_api/reservations/backups?reservationId=${reservation.id}&firstNight=soon`, { cookie }))
    expect(bad.status).toBe(400)
    const nurseUser = await createNurse()
    const asNurse = await call(backupApi.action as never, makeRequest('/_api/reservations/book-backup', { cookie: await cookieFor(nurseUser.userId), body: { reservationId: reservation.id, nurseId: maya.id, firstNight: first } }))
    expect(asNurse.status).toBe(403)

    const made = await call(backupApi.action as never, makeRequest('/_api/reservations/book-backup', { cookie, body: { reservationId: reservation.id, nurseId: maya.id, firstNight: first } }))
    expect(made.status).toBe(201)
    expect((await made.json()).booking).toMatchObject({ nurseId: maya.id, status: 'pending' })
  })
})

describe('the nurse turns a start down within 12 hours', () => {
  async function startedWithNora() {
    const due = addDays(TODAY, 20)
    const nora = await createNurse({ name: 'Nora Started', profile: { instantReservations: true } })
    const parent = await createUser({ displayName: 'Casey Family' })
    const reservation = await reserve(parent.id, plan(nora.id, due))
    const first = nextMonday(due)
    const nights = planNights(PLAN, first)
    await publishNights(nora, nights, SHIFT)
    const started = await startReservedPlan({ id: parent.id, role: 'parent' }, { reservationId: reservation.id, firstNight: first })
    if (!started.ok) throw new Error(started.error)
    await payFirstWeek(parent, started.booking.id)
    const [row] = await getDb().select().from(reservations).where(eq(reservations.id, reservation.id))
    expect(row.status).toBe('started')
    return { nora, parent, reservation, first, nights, bookingId: started.booking.id, startedAt: row.startedAt! }
  }

  test('the booking is cancelled and refunded in full, the reservation reads declined, the family is told and books a backup for any night', async () => {
    const { nora, parent, reservation, first, nights, bookingId } = await startedWithNora()
    const noraActor = { id: nora.userId, role: 'nurse' as const }
    expect(await turnDownStart(noraActor, { reservationId: reservation.id, reason: '   ' })).toMatchObject({ ok: false, status: 400 })
    const other = await createNurse()
    expect(await turnDownStart({ id: other.userId, role: 'nurse' }, { reservationId: reservation.id, reason: 'No' })).toMatchObject({ ok: false, status: 404 })
    expect(await turnDownStart({ id: parent.id, role: 'parent' }, { reservationId: reservation.id, reason: 'No' })).toMatchObject({ ok: false, status: 403 })

    // What was paid: the deposit (the first week) and the rest of the plan, both charges of the booking now.
    const charges = await getDb().select().from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'charge')))
    expect(charges.some((charge) => charge.reservationId === reservation.id)).toBe(true)
    const paidCents = charges.reduce((sum, charge) => sum + charge.amountCents, 0)
    const turned = await turnDownStart(noraActor, { reservationId: reservation.id, reason: 'My own family needs me this month.' })
    expect(turned).toEqual({ ok: true, refundCents: paidCents })
    const [booking] = await getDb().select().from(bookings).where(eq(bookings.id, bookingId))
    expect(booking.status).toBe('cancelled')
    const refunds = (await getDb().select().from(payments).where(eq(payments.bookingId, bookingId))).filter((row) => row.kind === 'refund')
    expect(refunds.reduce((sum, row) => sum + row.amountCents, 0)).toBe(paidCents)
    expect((await getDb().select().from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'charge')))).every((charge) => charge.status === 'refunded')).toBe(true)
    const [row] = await getDb().select().from(reservations).where(eq(reservations.id, reservation.id))
    expect(row).toMatchObject({ status: 'declined', reason: 'My own family needs me this month.' })
    const events = await getDb().select().from(reservationEvents).where(eq(reservationEvents.reservationId, reservation.id)).orderBy(reservationEvents.id)
    expect(events.at(-1)).toMatchObject({ action: 'nurse-turn-down', fromStatus: 'started', toStatus: 'declined', actorId: nora.userId })
    const mail = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, parent.email))
    const told = mail.find((m) => m.subject === 'Nora cannot start your nights')
    expect(told?.textBody).toContain(`/parent/reservations/${reservation.id}?from=${first}`)
    expect(told?.textBody).toContain('refunded in full')
    // Pressed again: nothing more.
    expect(await turnDownStart(noraActor, { reservationId: reservation.id, reason: 'Again' })).toMatchObject({ ok: false, status: 409, error: NOT_STARTED })

    // Any first night now, inside the window too, with anyone but her.
    const maya = await createNurse({ name: 'Maya After' })
    await publishNights(maya, nights, SHIFT)
    const actor = { id: parent.id, role: 'parent' as const }
    const found = await findBackupNurses(actor, { reservationId: reservation.id, firstNight: first })
    if (!found.ok) throw new Error(found.error)
    expect(found.nurses.map((backup) => backup.card.id)).toContain(maya.id)
    expect(found.nurses.map((backup) => backup.card.id)).not.toContain(nora.id)
    expect(await bookBackupNurse(actor, { reservationId: reservation.id, nurseId: nora.id, firstNight: first })).toMatchObject({ ok: false, status: 409, error: NOT_A_BACKUP })
    const backup = await bookBackupNurse(actor, { reservationId: reservation.id, nurseId: maya.id, firstNight: first })
    if (!backup.ok) throw new Error(backup.error)
    await payFirstWeek(parent, backup.booking.id)
    const [after] = await getDb().select().from(reservations).where(eq(reservations.id, reservation.id))
    expect(after.status).toBe('started')
    const last = (await getDb().select().from(reservationEvents).where(eq(reservationEvents.reservationId, reservation.id)).orderBy(reservationEvents.id)).at(-1)
    expect(last).toMatchObject({ action: 'backup-nurse', fromStatus: 'declined', toStatus: 'started' })
  })

  test('after 12 hours, or once the first night has begun, it is too late; the API answers the same', async () => {
    const { nora, reservation, startedAt, first } = await startedWithNora()
    const late = new Date(startedAt.getTime() + 13 * 3600_000)
    expect(await turnDownStart({ id: nora.userId, role: 'nurse' }, { reservationId: reservation.id, reason: 'Late' }, late)).toMatchObject({
      ok: false,
      status: 409,
      error: TOO_LATE_TO_TURN_DOWN,
    })
    const firstStarts = new Date(startedAt.getTime() + 3600_000)
    expect(turnDownWindow(startedAt, firstStarts, new Date(startedAt.getTime() + 2 * 3600_000)).open).toBe(false)
    expect(turnDownWindow(startedAt, new Date(startedAt.getTime() + 48 * 3600_000), new Date(startedAt.getTime() + 11 * 3600_000)).open).toBe(true)
    const cookie = await cookieFor(nora.userId)
    const bad = await call(turnDownApi.action as never, makeRequest('/_api/reservations/turn-down', { cookie, body: { reservationId: reservation.id } }))
    expect(bad.status).toBe(400)
    const ok = await call(turnDownApi.action as never, makeRequest('/_api/reservations/turn-down', { cookie, body: { reservationId: reservation.id, reason: 'Unwell' } }))
    expect(ok.status).toBe(200)
    expect((await ok.json()).refundCents).toBeGreaterThan(0)
    expect(first).toBeTruthy()
  })

  test('a request she declined never gets backups', async () => {
    const nora = await createNurse({ name: 'Nora Declines' })
    const parent = await createUser()
    const reservation = await reserve(parent.id, plan(nora.id, addDays(TODAY, 30)))
    const declined = await answerReservation({ id: nora.userId, role: 'nurse' }, { reservationId: reservation.id, answer: 'decline', reason: 'Full' })
    expect(declined.ok).toBe(true)
    expect(await findBackupNurses({ id: parent.id, role: 'parent' }, { reservationId: reservation.id, firstNight: addDays(TODAY, 40) })).toMatchObject({ ok: false, status: 409 })
  })
})
