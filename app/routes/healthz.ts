import { healthAnswer } from '~/domain/platform/health.server'

// The production server answers /healthz before Remix (server.js); this route serves the
// development server and is the answer's reference (tests/integration/health.test.ts).
export async function loader() {
  const { status, body } = await healthAnswer()
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })
}
