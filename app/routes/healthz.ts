import { checkDatabase } from '~/domain/platform/health.server'

export async function loader() {
  const ok = await checkDatabase()
  return Response.json(
    { status: ok ? 'ok' : 'unavailable', database: ok ? 'up' : 'down' },
    { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  )
}
