// An interview before booking (issue 36, docs/decisions/0067): a family proposes up to three
// 20-minute times; the nurse accepts one with her link or number, proposes others (the family
// picks one, or in turn proposes others again) or declines; either side cancels. Both get the agreed time as an .ics invitation and
// a reminder once; the link shows to that family only on the agreed interview; another family's
// interview answers 404; a family cannot flood a nurse.
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { interviews, nurseProfiles, outboxEmails, users } from '../../app/db/schema'
import {
  acceptInterview,
  cancelInterview,
  counterInterview,
  declineInterview,
  requestInterview,
} from '../../app/domain/interviews/interview-life-cycle.server'
import { sendDueInterviewReminders } from '../../app/domain/interviews/interview-reminders.server'
import {
  ANSWERED_ALREADY,
  NURSE_NOT_ASKABLE,
  OPEN_PER_FAMILY,
  TIME_TOO_SOON,
  TOO_MANY_OPEN,
  TOO_MANY_TODAY,
  TOO_MANY_WITH_NURSE,
  readLocalTime,
  toLocalInput,
} from '../../app/domain/interviews/interview-rules'
import { getInterview, listInterviews } from '../../app/domain/interviews/interviews.server'
import * as interviewPage from '../../app/routes/interviews.$interviewId'
import * as listPage from '../../app/routes/interviews._index'
import * as newPage from '../../app/routes/interviews.new'
import { createNurse, createUser } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const HOUR = 3_600_000
const ZONE = 'America/New_York'
const LINK = 'https://meet.example.com/nora-room'

const asParent = (user: { id: number }) => ({ id: user.id, role: 'parent' as const })
const asNurse = (nurse: { userId: number }) => ({ id: nurse.userId, role: 'nurse' as const })
/** A wall time in New York this many hours from now, on the minute, as a datetime-local field sends it. */
const inHours = (hours: number) => toLocalInput(new Date(Date.now() + hours * HOUR), ZONE)
function atMinute(local: string): Date {
  const read = readLocalTime(local, ZONE)
  if (!read.ok) throw new Error(read.error)
  return read.at
}

async function people() {
  const nurse = await createNurse({ name: 'Nora Bennett', email: `nora-${Date.now()}-${Math.random()}@example.com` })
  const parent = await createUser({ displayName: 'Jordan Rivera' })
  return { nurse, parent }
}

async function asked(parent: { id: number }, nurse: { id: number }, values = [inHours(24), inHours(26), inHours(48)], medium: 'video' | 'phone' = 'video') {
  const made = await requestInterview(asParent(parent), { nurseId: nurse.id, medium, times: { values, timeZone: ZONE }, note: 'Twins due in January' })
  if (!made.ok) throw new Error(made.error)
  return made.id
}

async function mailTo(email: string) {
  return getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, email)).orderBy(outboxEmails.id)
}

describe('asking for an interview', () => {
  test('the family’s times are kept in order and the nurse is e-mailed', async () => {
    const { nurse, parent } = await people()
    // Read once: a slow run may cross a minute between asking and checking.
    const values = [inHours(24), inHours(26), inHours(48)]
    const id = await asked(parent, nurse, values)
    const [row] = await getDb().select().from(interviews).where(eq(interviews.id, id))
    expect(row).toMatchObject({ status: 'proposed', proposedBy: 'parent', medium: 'video', scheduledAt: null, contact: null, note: 'Twins due in January' })
    expect(row.proposedTimes.map((at) => at.getTime())).toEqual(values.map((value) => atMinute(value).getTime()))
    const [email] = await mailTo(nurse.email)
    expect(email.subject).toBe('Jordan Rivera asks for a 20-minute interview')
    expect(email.textBody).toContain(`/interviews/${id}`)
  })

  test('the page refuses a time too soon, keeps what was typed, and sends a good request on to its page', async () => {
    const { nurse, parent } = await people()
    const cookie = await cookieFor(parent.id)
    const tooSoon = await call(
      newPage.action,
      makeRequest('/interviews/new', { cookie, form: { nurseId: String(nurse.id), medium: 'phone', time1: inHours(1), timeZone: ZONE, note: 'Hi' } }),
    )
    expect(tooSoon.status).toBe(400)
    expect(await tooSoon.json()).toMatchObject({ error: TIME_TOO_SOON, field: 'time1', typed: { medium: 'phone', note: 'Hi' } })
    const sent = await call(newPage.action, makeRequest('/interviews/new', { cookie, form: { nurseId: String(nurse.id), medium: 'phone', time1: inHours(30), timeZone: ZONE } }))
    expect(sent.status).toBe(302)
    const [row] = await getDb().select().from(interviews).where(eq(interviews.parentId, parent.id))
    expect(sent.headers.get('Location')).toBe(`/interviews/${row.id}`)
    expect(row.medium).toBe('phone')
  })

  test('a signed-out visitor is sent to log in and back; a nurse cannot ask', async () => {
    const { nurse } = await people()
    const signedOut = await call(newPage.loader, makeRequest(`/interviews/new?nurse=${nurse.slug}`))
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toContain('/login')
    expect(signedOut.headers.get('Location')).toContain(encodeURIComponent(`/interviews/new?nurse=${nurse.slug}`))
    const other = await createNurse()
    const asNursePage = await call(newPage.loader, makeRequest(`/interviews/new?nurse=${nurse.slug}`, { cookie: await cookieFor(other.userId) }))
    expect(asNursePage.status).toBe(403)
  })

  test('only an approved, listed nurse whose account stands can be asked', async () => {
    const parent = await createUser()
    const pending = await createNurse({ status: 'pending' })
    const lapsed = await createNurse()
    await getDb().update(nurseProfiles).set({ lapsedAt: new Date(), lapsedReason: 'license_expired' }).where(eq(nurseProfiles.id, lapsed.id))
    const suspended = await createNurse()
    await getDb().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.userId))
    for (const nurse of [pending, lapsed, suspended]) {
      const made = await requestInterview(asParent(parent), { nurseId: nurse.id, medium: 'video', times: { values: [inHours(24)], timeZone: ZONE }, note: null })
      expect(made).toEqual({ ok: false, status: 404, error: NURSE_NOT_ASKABLE })
    }
    const page = await call(newPage.loader, makeRequest(`/interviews/new?nurse=${lapsed.slug}`, { cookie: await cookieFor(parent.id) }))
    expect(page.status).toBe(404)
  })
})

describe('limits', () => {
  test('one open interview per nurse, three open in all, five asked a day', async () => {
    const parent = await createUser()
    const nurses = await Promise.all(Array.from({ length: 6 }, () => createNurse()))
    await asked(parent, nurses[0])
    const again = await requestInterview(asParent(parent), { nurseId: nurses[0].id, medium: 'video', times: { values: [inHours(40)], timeZone: ZONE }, note: null })
    expect(again).toEqual({ ok: false, status: 409, error: TOO_MANY_WITH_NURSE })
    await asked(parent, nurses[1])
    await asked(parent, nurses[2])
    expect(OPEN_PER_FAMILY).toBe(3)
    const fourth = await requestInterview(asParent(parent), { nurseId: nurses[3].id, medium: 'video', times: { values: [inHours(40)], timeZone: ZONE }, note: null })
    expect(fourth).toEqual({ ok: false, status: 409, error: TOO_MANY_OPEN })
    // Done ones free a place; refused asks above cost nothing; the fifth ask of the day is the last.
    await cancelInterview(asParent(parent), (await listInterviews(asParent(parent)))[0].id)
    await asked(parent, nurses[3])
    await cancelInterview(asParent(parent), (await listInterviews(asParent(parent)))[0].id)
    const fifth = await asked(parent, nurses[4])
    expect(fifth).toBeGreaterThan(0)
    await cancelInterview(asParent(parent), fifth)
    const sixth = await requestInterview(asParent(parent), { nurseId: nurses[5].id, medium: 'video', times: { values: [inHours(40)], timeZone: ZONE }, note: null })
    expect(sixth).toMatchObject({ ok: false, status: 429, error: TOO_MANY_TODAY })
  })
})

describe('answering', () => {
  test('the nurse accepts a time with her link: both get a REQUEST invitation, the family sees the link', async () => {
    const { nurse, parent } = await people()
    const id = await asked(parent, nurse)
    const chosen = atMinute(inHours(26))
    const bad = await acceptInterview(asNurse(nurse), id, { at: chosen, contact: 'http://meet.example.com/x' })
    expect(bad).toMatchObject({ ok: false, status: 400, field: 'contact' })
    const notProposed = await acceptInterview(asNurse(nurse), id, { at: atMinute(inHours(27)), contact: LINK })
    expect(notProposed).toMatchObject({ ok: false, status: 400, field: 'at' })
    expect(await acceptInterview(asNurse(nurse), id, { at: chosen, contact: LINK })).toEqual({ ok: true, id })
    const [row] = await getDb().select().from(interviews).where(eq(interviews.id, id))
    expect(row).toMatchObject({ status: 'accepted', contact: LINK })
    expect(row.scheduledAt?.getTime()).toBe(chosen.getTime())

    for (const email of [parent.email, nurse.email]) {
      const sent = (await mailTo(email)).at(-1)!
      expect(sent.subject).toMatch(/^Interview with /)
      const [ics] = sent.attachments as Array<{ filename: string; contentType: string; content: string }>
      expect(ics.filename).toBe(`nightlight-interview-${id}.ics`)
      expect(ics.content).toContain('METHOD:REQUEST')
      expect(ics.content).toContain(`UID:interview-${id}@nightlight`)
      const utc = chosen.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
      const end = new Date(chosen.getTime() + 20 * 60_000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
      expect(ics.content).toContain(`DTSTART:${utc}`)
      expect(ics.content).toContain(`DTEND:${end}`)
      expect(ics.content).toContain(`LOCATION:${LINK}`)
    }

    const cookie = await cookieFor(parent.id)
    const page = await call(interviewPage.loader, makeRequest(`/interviews/${id}`, { cookie }), { interviewId: String(id) })
    expect(page.status).toBe(200)
    const { interview } = await page.json()
    expect(interview).toMatchObject({ status: 'accepted', contact: LINK, can: { cancel: true, book: false } })
    // The answer cannot be given twice.
    expect(await acceptInterview(asNurse(nurse), id, { at: chosen, contact: LINK })).toEqual({ ok: false, status: 409, error: ANSWERED_ALREADY })
  })

  test('the link shows until 3 hours after the interview; after its time the family is offered to book her', async () => {
    const { nurse, parent } = await people()
    const id = await asked(parent, nurse)
    await acceptInterview(asNurse(nurse), id, { at: atMinute(inHours(24)), contact: LINK })
    const at = (await getDb().select().from(interviews).where(eq(interviews.id, id)))[0].scheduledAt!
    const after = await getInterview(asParent(parent), id, new Date(at.getTime() + 30 * 60_000))
    expect(after).toMatchObject({ contact: LINK, can: { book: true, cancel: false } })
    const later = await getInterview(asParent(parent), id, new Date(at.getTime() + 20 * 60_000 + 3 * HOUR + 60_000))
    expect(later).toMatchObject({ contact: null, can: { book: true } })
    // The nurse keeps seeing her own link.
    expect(await getInterview(asNurse(nurse), id, new Date(at.getTime() + 10 * HOUR))).toMatchObject({ contact: LINK })
  })

  test('the nurse proposes other times with her number; the family picks one and both are invited', async () => {
    const { nurse, parent } = await people()
    const id = await asked(parent, nurse, [inHours(24)], 'phone')
    const countered = await counterInterview(asNurse(nurse), id, { times: { values: [inHours(50), inHours(52)], timeZone: ZONE }, contact: '512 555 0123' })
    expect(countered).toEqual({ ok: true, id })
    expect((await mailTo(parent.email)).at(-1)!.subject).toBe('Nora Bennett proposed other interview times')
    // Before a time is agreed the family does not see the number.
    const waiting = await getInterview(asParent(parent), id)
    expect(waiting).toMatchObject({ status: 'proposed', proposedBy: 'nurse', contact: null, can: { pick: true, counter: true, decline: false } })
    // The nurse cannot pick her own times; the family picks one through the page.
    expect(await acceptInterview(asNurse(nurse), id, { at: atMinute(inHours(50)), contact: '512 555 0123' })).toMatchObject({ status: 409 })
    const cookie = await cookieFor(parent.id)
    const picked = await call(
      interviewPage.action,
      makeRequest(`/interviews/${id}`, { cookie, form: { intent: 'accept', at: atMinute(inHours(52)).toISOString() } }),
      { interviewId: String(id) },
    )
    expect(picked.status).toBe(302)
    const view = await getInterview(asParent(parent), id)
    expect(view).toMatchObject({ status: 'accepted', contact: '(512) 555-0123', scheduledAt: atMinute(inHours(52)).toISOString() })
    const [ics] = (await mailTo(nurse.email)).at(-1)!.attachments as Array<{ content: string }>
    expect(ics.content).toContain('LOCATION:Phone')
  })

  test('none of the nurse’s times suit: the family proposes others through the page, the nurse is e-mailed, and she accepts one or counters again', async () => {
    const { nurse, parent } = await people()
    // Read once: a slow run may cross a minute between proposing and checking.
    const [h60, h62, h64, h70, h80, h90] = [60, 62, 64, 70, 80, 90].map(inHours)
    const id = await asked(parent, nurse, [inHours(24)])
    await counterInterview(asNurse(nurse), id, { times: { values: [inHours(50)], timeZone: ZONE }, contact: LINK })
    expect(await getInterview(asParent(parent), id)).toMatchObject({ can: { pick: true, counter: true, decline: false } })

    const cookie = await cookieFor(parent.id)
    const propose = (form: Record<string, string>) =>
      call(interviewPage.action, makeRequest(`/interviews/${id}`, { cookie, form: { intent: 'counter', timeZone: ZONE, ...form } }), { interviewId: String(id) })
    // The same rules as every proposal: at least two hours ahead, on the field it concerns.
    const tooSoon = await propose({ time1: inHours(1) })
    expect(tooSoon.status).toBe(400)
    expect(await tooSoon.json()).toMatchObject({ error: TIME_TOO_SOON, field: 'time1', intent: 'counter' })
    const sent = await propose({ time1: h60, time2: h62, time3: h64 })
    expect(sent.status).toBe(302)

    const [row] = await getDb().select().from(interviews).where(eq(interviews.id, id))
    expect(row).toMatchObject({ status: 'proposed', proposedBy: 'parent', contact: LINK })
    expect(row.proposedTimes).toEqual([h60, h62, h64].map(atMinute))
    const mail = (await mailTo(nurse.email)).at(-1)!
    expect(mail.subject).toBe('Jordan Rivera proposed other interview times')
    expect(mail.textBody).toContain(`/interviews/${id}`)
    // Now it waits for the nurse again: the family may not propose twice in a row, and still no link for it.
    expect(await getInterview(asParent(parent), id)).toMatchObject({ contact: null, can: { pick: false, counter: false } })
    expect(await counterInterview(asParent(parent), id, { times: { values: [h70], timeZone: ZONE } })).toEqual({ ok: false, status: 409, error: ANSWERED_ALREADY })
    expect(await getInterview(asNurse(nurse), id)).toMatchObject({ can: { pick: true, counter: true, decline: true } })

    // She may counter again, and the family in turn; then she accepts one of the family's times.
    expect(await counterInterview(asNurse(nurse), id, { times: { values: [h80], timeZone: ZONE }, contact: LINK })).toEqual({ ok: true, id })
    expect(await counterInterview(asParent(parent), id, { times: { values: [h90], timeZone: ZONE } })).toEqual({ ok: true, id })
    expect(await acceptInterview(asNurse(nurse), id, { at: atMinute(h90), contact: LINK })).toEqual({ ok: true, id })
    expect(await getInterview(asParent(parent), id)).toMatchObject({ status: 'accepted', contact: LINK, scheduledAt: atMinute(h90).toISOString() })
  })

  test('two answers to the nurse’s times at once: the family’s new times and its pick cannot both win', async () => {
    const { nurse, parent } = await people()
    const id = await asked(parent, nurse, [inHours(24)])
    await counterInterview(asNurse(nurse), id, { times: { values: [inHours(50)], timeZone: ZONE }, contact: LINK })
    const results = await Promise.all([
      counterInterview(asParent(parent), id, { times: { values: [inHours(60)], timeZone: ZONE } }),
      acceptInterview(asParent(parent), id, { at: atMinute(inHours(50)) }),
    ])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
  })

  test('the nurse declines; the family is told', async () => {
    const { nurse, parent } = await people()
    const id = await asked(parent, nurse)
    // The family cannot decline its own request.
    expect(await declineInterview(asParent(parent), id)).toMatchObject({ ok: false, status: 404 })
    expect(await declineInterview(asNurse(nurse), id)).toEqual({ ok: true, id })
    expect((await getInterview(asParent(parent), id))?.status).toBe('declined')
    expect((await mailTo(parent.email)).at(-1)!.subject).toBe('Nora Bennett cannot do an interview')
    expect(await cancelInterview(asParent(parent), id)).toMatchObject({ ok: false, status: 409 })
  })

  test('cancelling an agreed interview sends both sides a CANCEL invitation with the same UID', async () => {
    const { nurse, parent } = await people()
    const id = await asked(parent, nurse)
    await acceptInterview(asNurse(nurse), id, { at: atMinute(inHours(24)), contact: LINK })
    const cookie = await cookieFor(nurse.userId)
    const cancelled = await call(interviewPage.action, makeRequest(`/interviews/${id}`, { cookie, form: { intent: 'cancel' } }), { interviewId: String(id) })
    expect(cancelled.status).toBe(302)
    expect((await getInterview(asParent(parent), id))?.status).toBe('cancelled')
    for (const email of [parent.email, nurse.email]) {
      const sent = (await mailTo(email)).at(-1)!
      const [ics] = sent.attachments as Array<{ content: string }>
      expect(ics.content).toContain('METHOD:CANCEL')
      expect(ics.content).toContain(`UID:interview-${id}@nightlight`)
    }
    expect((await mailTo(parent.email)).at(-1)!.subject).toBe('Nora Bennett cancelled the interview')
  })
})

describe('ownership', () => {
  test('another family and another nurse get 404; an admin reads it without acting', async () => {
    const { nurse, parent } = await people()
    const id = await asked(parent, nurse)
    const stranger = await createUser()
    const otherNurse = await createNurse()
    for (const user of [stranger.id, otherNurse.userId]) {
      const cookie = await cookieFor(user)
      const page = await call(interviewPage.loader, makeRequest(`/interviews/${id}`, { cookie }), { interviewId: String(id) })
      expect(page.status).toBe(404)
      const acted = await call(interviewPage.action, makeRequest(`/interviews/${id}`, { cookie, form: { intent: 'cancel' } }), { interviewId: String(id) })
      expect(acted.status).toBe(404)
    }
    expect(await cancelInterview(asParent(stranger), id)).toMatchObject({ status: 404 })
    expect(await acceptInterview(asNurse(otherNurse), id, { at: atMinute(inHours(24)), contact: LINK })).toMatchObject({ status: 404 })
    const strangersList = await call(listPage.loader, makeRequest('/interviews', { cookie: await cookieFor(stranger.id) }))
    expect((await strangersList.json()).interviews).toEqual([])

    const admin = await createUser({ role: 'admin' })
    const adminPage = await call(interviewPage.loader, makeRequest(`/interviews/${id}`, { cookie: await cookieFor(admin.id) }), { interviewId: String(id) })
    expect(adminPage.status).toBe(200)
    expect((await adminPage.json()).interview.can).toEqual({ pick: false, counter: false, decline: false, cancel: false, book: false })
    const adminAct = await call(interviewPage.action, makeRequest(`/interviews/${id}`, { cookie: await cookieFor(admin.id), form: { intent: 'cancel' } }), { interviewId: String(id) })
    expect(adminAct.status).toBe(403)

    const nursesList = await call(listPage.loader, makeRequest('/interviews', { cookie: await cookieFor(nurse.userId) }))
    expect((await nursesList.json()).interviews.map((row: { id: number }) => row.id)).toEqual([id])
  })
})

describe('the reminder', () => {
  test('is sent once to each side in the hour before, however often the sweep runs', async () => {
    const { nurse, parent } = await people()
    const id = await asked(parent, nurse)
    await acceptInterview(asNurse(nurse), id, { at: atMinute(inHours(24)), contact: LINK })
    const at = (await getDb().select().from(interviews).where(eq(interviews.id, id)))[0].scheduledAt!
    expect(await sendDueInterviewReminders(new Date(at.getTime() - 2 * HOUR))).toBe(0)
    const due = new Date(at.getTime() - 50 * 60_000)
    const runs = await Promise.all([sendDueInterviewReminders(due), sendDueInterviewReminders(due)])
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1)
    expect(await sendDueInterviewReminders(new Date(at.getTime() - 10 * 60_000))).toBe(0)
    for (const email of [parent.email, nurse.email]) {
      const reminders = (await mailTo(email)).filter((sent) => sent.subject.startsWith('Reminder: interview with'))
      expect(reminders).toHaveLength(1)
    }
    expect((await mailTo(parent.email)).at(-1)!.textBody).toContain(`Join at ${LINK}`)
    const [row] = await getDb().select().from(interviews).where(and(eq(interviews.id, id), eq(interviews.status, 'accepted')))
    expect(row.reminderSentAt?.getTime()).toBe(due.getTime())
  })
})
