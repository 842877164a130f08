// The dashboard's address (?tab=&page=&search=&status=&reject=&holds=&failed=): every tab, page and filter is a
// link, so the page is server-rendered and works before JavaScript loads.
import type { AdminDashboardQuery, AdminTab } from '~/schemas/admin'

export function dashboardHref(query: Partial<AdminDashboardQuery> & { tab: AdminTab }): string {
  const params = new URLSearchParams()
  if (query.tab !== 'pending') params.set('tab', query.tab)
  if (query.page && query.page > 1) params.set('page', String(query.page))
  if (query.search) params.set('search', query.search)
  if (query.status) params.set('status', query.status)
  if (query.after) params.set('after', query.after)
  if (query.before) params.set('before', query.before)
  if (query.reject) params.set('reject', String(query.reject))
  if (query.holds && query.holds > 1) params.set('holds', String(query.holds))
  if (query.failed && query.failed > 1) params.set('failed', String(query.failed))
  const search = params.toString()
  return search ? `/admin/dashboard?${search}` : '/admin/dashboard'
}

/** The CSV of the bookings the list shows: the same search and status, every page. */
export function exportHref(query: Pick<AdminDashboardQuery, 'search' | 'status'>): string {
  const params = new URLSearchParams()
  if (query.search) params.set('search', query.search)
  if (query.status) params.set('status', query.status)
  const search = params.toString()
  return search ? `/_api/admin/export-bookings?${search}` : '/_api/admin/export-bookings'
}
