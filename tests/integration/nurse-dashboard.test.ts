import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { seedDemoData } from '../../app/db/seed.server'
import { users } from '../../app/db/schema'
import * as page from '../../app/routes/nurse.dashboard'
import { call, cookieFor, makeRequest } from '../support/fixtures'

// The page reads the real clock, so the demo data is made around it.
const NOW = new Date()

async function cookieOf(email: string) {
  const [user] = await getDb().select().from(users).where(eq(users.email, email))
  return cookieFor(user.id)
}

describe('the nurse dashboard', () => {
  test('the demo nurse sees Verified and the nights families booked with her', async () => {
    await seedDemoData(getDb(), { now: NOW })
    const response = await call(page.loader, makeRequest('/nurse/dashboard', { cookie: await cookieOf('nurse@example.com') }))
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.profile.verificationStatus).toBe('approved')
    expect(body.upcomingNights.length).toBeGreaterThan(0)
    expect(body.upcomingNights.every((n: { status: string }) => n.status === 'scheduled')).toBe(true)
    expect(body.earnedCents).toBeGreaterThan(0)
  })

  test('a parent is refused with the guard text', async () => {
    await seedDemoData(getDb(), { now: NOW })
    const response = await call(page.loader, makeRequest('/nurse/dashboard', { cookie: await cookieOf('parent@example.com') }))
    expect(response.status).toBe(403)
    expect((await response.json()).message).toBe('Access denied. Your role (parent) lacks required permissions.')
  })
})
