// The signed-in user is read once per request, however many loaders ask, without relying on Remix
// to hand every loader the same Request (docs/decisions/0053): server.js runs Remix's handler in
// a request scope, as these tests do.
import { createRequestHandler } from '@remix-run/node'
import { describe, expect, test } from 'vitest'
import type { SessionUser } from '../../app/domain/accounts/auth.server'
import { inRequestScope } from '../../app/utils/request-scope.server'
import { endSession, getUser } from '../../app/utils/session.server'
import { createUser } from '../support/factories'
import { cookieFor, ORIGIN } from '../support/fixtures'

/** A build of the root and /account, whose loaders and action note the user getUser gave them. */
function accountPages() {
  const seen: { loaders: (SessionUser | null)[]; action: (SessionUser | null)[] } = { loaders: [], action: [] }
  const loader = async ({ request }: { request: Request }) => {
    seen.loaders.push(await getUser(request))
    return null
  }
  // Signing out without JavaScript: the action ends the session and the page is drawn again.
  const action = async ({ request }: { request: Request }) => {
    seen.action.push(await getUser(request))
    const clear = await endSession(request)
    return Response.json({ signedOut: true }, { headers: { 'Set-Cookie': clear } })
  }
  const route = (id: string, parentId: string | undefined, path: string, extra = {}) => ({
    id,
    parentId,
    path,
    index: undefined,
    caseSensitive: undefined,
    module: { default: () => null, loader, ...extra },
  })
  const build = {
    mode: 'production',
    entry: { module: { default: () => new Response('<!DOCTYPE html>') } },
    routes: { root: route('root', undefined, ''), account: route('account', 'root', 'account', { action }) },
    assets: { entry: { module: '', imports: [] }, routes: {}, url: '', version: '1' },
    publicPath: '/',
    assetsBuildDirectory: '',
    future: { v3_singleFetch: true },
    isSpaMode: false,
  }
  const handle = createRequestHandler(build as never, 'production')
  return { seen, serve: (request: Request) => inRequestScope(() => handle(request)) }
}

describe('the signed-in user of a request', () => {
  test.each([
    ['a page', '/account'],
    // A client navigation's data request names its routes; Remix gives each loader a copy of it.
    ["a navigation's data", '/account.data?_routes=root,account'],
  ])('is read once for all the loaders of %s', async (_kind, path) => {
    const parent = await createUser({ email: 'pat@example.com' })
    const pages = accountPages()
    const response = await pages.serve(new Request(ORIGIN + path, { headers: { Cookie: await cookieFor(parent.id) } }))
    expect(response.status).toBe(200)
    expect(pages.seen.loaders).toHaveLength(2)
    expect(pages.seen.loaders[0]).toMatchObject({ id: parent.id, email: 'pat@example.com' })
    // One read: both loaders were given the very same object.
    expect(pages.seen.loaders[1]).toBe(pages.seen.loaders[0])
  })

  test('is read again by the loaders after an action that ended the session', async () => {
    const parent = await createUser({ email: 'pat@example.com' })
    const pages = accountPages()
    const response = await pages.serve(
      new Request(`${ORIGIN}/account`, {
        method: 'POST',
        headers: { Cookie: await cookieFor(parent.id), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'intent=sign-out',
      }),
    )
    expect(response.status).toBe(200)
    expect(pages.seen.action).toEqual([expect.objectContaining({ id: parent.id })])
    expect(pages.seen.loaders).toEqual([null, null])
  })

  test('belongs to its request alone, when two requests of two people run at once', async () => {
    const [parent, nurse] = await Promise.all([
      createUser({ email: 'pat@example.com' }),
      createUser({ email: 'nina@example.com', role: 'nurse' }),
    ])
    const pages = accountPages()
    await Promise.all(
      [parent, nurse].map(async (user) =>
        pages.serve(new Request(`${ORIGIN}/account`, { headers: { Cookie: await cookieFor(user.id) } })),
      ),
    )
    expect(pages.seen.loaders.map((user) => user?.email).sort()).toEqual([
      'nina@example.com',
      'nina@example.com',
      'pat@example.com',
      'pat@example.com',
    ])
  })
})
