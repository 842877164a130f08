// Suspending and reinstating a member (issue 38 item 1): an admin does it from the member's own
// account page (linked from the nurses list, the bookings list and a reported conversation), with a
// reason kept in the audit log; the account's sessions end at once. A suspended member who types her
// right password is told the account is suspended and how to reach support; a wrong password still
// answers 'Invalid email or password', so a stranger learns nothing about the account.
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { adminAuditLog, sessions } from '../../app/db/schema'
import { listAdminNurses } from '../../app/domain/admin/admin.server'
import * as memberPage from '../../app/routes/admin.members.$userId'
import * as login from '../../app/routes/login'
import * as apiLogin from '../../app/api/auth.login_with_password'
import { createNurse, createUser, DEFAULT_PASSWORD } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const SUSPENDED = 'This account is suspended, so it cannot sign in. To ask why or to appeal, write to support@nightlight.example.'

async function signIn(email: string, password: string, ip: string) {
  const response = await call(login.action, makeRequest('/login', { form: { email, password } }), {}, { clientIp: ip })
  return { status: response.status, body: response.status === 302 ? null : ((await response.json()) as { error?: Record<string, string[]> }) }
}

describe("an admin's member page", () => {
  test('suspends a family with a reason: her sessions end, the audit log keeps why, and signing in says the account is suspended', async () => {
    const admin = await createUser({ role: 'admin', displayName: 'Ada Admin' })
    const parent = await createUser({ displayName: 'Jordan Parker' })
    const adminCookie = await cookieFor(admin.id)
    const parentCookie = await cookieFor(parent.id)
    const page = (cookie = adminCookie) => call(memberPage.loader, makeRequest(`/admin/members/${parent.id}`, { cookie }), { userId: String(parent.id) })
    const post = (form: Record<string, string>) =>
      call(memberPage.action, makeRequest(`/admin/members/${parent.id}`, { cookie: adminCookie, form }), { userId: String(parent.id) })

    const before = await page()
    expect(before.status).toBe(200)
    expect(await before.json()).toMatchObject({ member: { name: 'Jordan Parker', email: parent.email, role: 'parent', suspendedAt: null, history: [] } })

    const noReason = await post({ intent: 'suspend', reason: '' })
    expect(noReason.status).toBe(400)
    expect(await noReason.json()).toEqual({ error: 'Please give the reason (at least 5 characters).' })

    const suspended = await post({ intent: 'suspend', reason: 'Asked a nurse to be paid off the platform.' })
    expect(suspended.status).toBe(302)
    expect(suspended.headers.get('Location')).toBe(`/admin/members/${parent.id}`)
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, parent.id))).toEqual([])
    const [audit] = await getDb()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entityType, 'user'), eq(adminAuditLog.entityId, parent.id)))
    expect(audit).toMatchObject({ actorId: admin.id, action: 'user.suspended', notes: 'Asked a nurse to be paid off the platform.' })
    const after = (await (await page()).json()) as { member: { suspendedAt: string | null; suspendedReason: string; history: unknown[] } }
    expect(after.member.suspendedAt).not.toBeNull()
    expect(after.member.suspendedReason).toBe('Asked a nurse to be paid off the platform.')
    expect(after.member.history).toEqual([expect.objectContaining({ change: 'Suspended', by: 'Ada Admin', reason: 'Asked a nurse to be paid off the platform.' })])
    expect((await post({ intent: 'suspend', reason: 'Once more, please.' })).status).toBe(409)

    // Her old cookie is no longer a session.
    expect((await page(parentCookie)).status).toBe(302)

    // The right password learns the account is suspended and where to ask; a wrong one learns nothing.
    const right = await signIn(parent.email, DEFAULT_PASSWORD, '203.0.113.21')
    expect(right.status).toBe(403)
    expect(right.body?.error?.['']).toEqual([SUSPENDED])
    const wrong = await signIn(parent.email, 'not her password at all', '203.0.113.22')
    expect(wrong.status).toBe(401)
    expect(wrong.body?.error?.['']).toEqual(['Invalid email or password'])
    const api = await call(apiLogin.action, makeRequest('/_api/auth/login_with_password', { body: { email: parent.email, password: DEFAULT_PASSWORD } }), {}, { clientIp: '203.0.113.23' })
    expect(api.status).toBe(403)
    expect(await api.json()).toMatchObject({ error: SUSPENDED })

    // Reinstated, with its own reason, she signs in again; the history keeps both.
    const reinstated = await post({ intent: 'reinstate', reason: 'She explained; it was a misunderstanding.' })
    expect(reinstated.status).toBe(302)
    expect((await signIn(parent.email, DEFAULT_PASSWORD, '203.0.113.24')).status).toBe(302)
    const history = ((await (await page()).json()) as { member: { history: Array<{ change: string; reason: string }> } }).member.history
    expect(history.map((entry) => [entry.change, entry.reason])).toEqual([
      ['Reinstated', 'She explained; it was a misunderstanding.'],
      ['Suspended', 'Asked a nurse to be paid off the platform.'],
    ])
    expect((await post({ intent: 'reinstate', reason: 'Again, by mistake.' })).status).toBe(409)
  })

  test('only admins open it; an admin account cannot be suspended; the nurses list links each nurse to her account and says when it is suspended', async () => {
    const admin = await createUser({ role: 'admin' })
    const otherAdmin = await createUser({ role: 'admin' })
    const nurse = await createNurse()
    const adminCookie = await cookieFor(admin.id)
    const asNurse = await call(memberPage.loader, makeRequest(`/admin/members/${nurse.userId}`, { cookie: await cookieFor(nurse.userId) }), { userId: String(nurse.userId) })
    expect([302, 403]).toContain(asNurse.status)
    const missing = await call(memberPage.loader, makeRequest('/admin/members/999999', { cookie: adminCookie }), { userId: '999999' })
    expect(missing.status).toBe(404)
    const refused = await call(
      memberPage.action,
      makeRequest(`/admin/members/${otherAdmin.id}`, { cookie: adminCookie, form: { intent: 'suspend', reason: 'Testing the guard.' } }),
      { userId: String(otherAdmin.id) },
    )
    expect(refused.status).toBe(403)

    const listed = async () => (await listAdminNurses({ page: 1 })).rows.find((row) => row.nurseProfileId === nurse.id)!
    expect(await listed()).toMatchObject({ userId: nurse.userId, suspendedAt: null })
    const suspended = await call(
      memberPage.action,
      makeRequest(`/admin/members/${nurse.userId}`, { cookie: adminCookie, form: { intent: 'suspend', reason: 'Fake certification.' } }),
      { userId: String(nurse.userId) },
    )
    expect(suspended.status).toBe(302)
    expect((await listed()).suspendedAt).not.toBeNull()
  })
})
