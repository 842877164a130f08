// GET /_api/nurses/cities: the cities approved nurses work in, cached 10 minutes
// (docs/product-texts.md).
import { listNurseCities } from '~/domain/nurses/nurses.server'

export async function loader() {
  const cities = await listNurseCities({ cached: true })
  return Response.json({ cities }, { headers: { 'Cache-Control': 'public, max-age=600' } })
}
