// The dashboard's links carry each list's page: the payments tab's two lists keep their own numbers
// beside the table's, and the first page of each is left out of the address.
import { describe, expect, test } from 'vitest'
import { dashboardHref } from './hrefs'

describe("the dashboard's address", () => {
  test('the payments tab names the page of payouts on hold and of failed payouts only past the first', () => {
    expect(dashboardHref({ tab: 'payments', page: 1, holds: 1, failed: 1 })).toBe('/admin/dashboard?tab=payments')
    expect(dashboardHref({ tab: 'payments', page: 3, holds: 2, failed: 1 })).toBe('/admin/dashboard?tab=payments&page=3&holds=2')
    expect(dashboardHref({ tab: 'payments', holds: 1, failed: 4 })).toBe('/admin/dashboard?tab=payments&failed=4')
  })

  test('the first tab and its first page are the bare address', () => {
    expect(dashboardHref({ tab: 'pending', page: 1 })).toBe('/admin/dashboard')
  })
})
