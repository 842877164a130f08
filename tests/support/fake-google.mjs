// A local stand-in for Google's OAuth endpoints (docs/architecture.md): the real remix-auth-google
// strategy talks to it over HTTP. The consent page lets a test pick who signs in.
import http from 'node:http'

const port = Number(process.env.FAKE_GOOGLE_PORT ?? 4180)
const codes = new Map()
const tokens = new Map()

function page(res, status, html) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' })
  res.end(`<!doctype html><html lang="en"><head><title>Fake Google</title></head><body>${html}</body></html>`)
}

async function readForm(req) {
  let body = ''
  for await (const chunk of req) body += chunk
  return new URLSearchParams(body)
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, `http://127.0.0.1:${port}`)
  if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
    const redirectUri = url.searchParams.get('redirect_uri')
    const state = url.searchParams.get('state')
    if (!redirectUri || !state || !url.searchParams.get('client_id')) return page(res, 400, 'bad request')
    return page(
      res,
      200,
      `<h1>Sign in with Google (test)</h1>
      <form method="post" action="/approve">
        <input type="hidden" name="redirect_uri" value="${redirectUri}">
        <input type="hidden" name="state" value="${state}">
        <label>Email <input name="email" value="google.parent@example.com"></label>
        <label>Name <input name="name" value="Gail Google"></label>
        <label>Subject <input name="sub" value="google-sub-1"></label>
        <button type="submit">Continue</button>
      </form>`,
    )
  }
  if (req.method === 'POST' && url.pathname === '/approve') {
    const form = await readForm(req)
    const code = `code-${Math.random().toString(36).slice(2)}`
    codes.set(code, { sub: form.get('sub'), email: form.get('email'), name: form.get('name') })
    const target = new URL(form.get('redirect_uri'))
    target.searchParams.set('code', code)
    target.searchParams.set('state', form.get('state'))
    res.writeHead(302, { Location: target.toString() })
    return res.end()
  }
  if (req.method === 'POST' && url.pathname === '/token') {
    const form = await readForm(req)
    const identity = codes.get(form.get('code'))
    codes.delete(form.get('code'))
    if (!identity || form.get('client_secret') !== 'fake-google-secret') {
      res.writeHead(400, { 'Content-Type': 'application/json' })
      return res.end(JSON.stringify({ error: 'invalid_grant' }))
    }
    const accessToken = `token-${Math.random().toString(36).slice(2)}`
    tokens.set(accessToken, identity)
    res.writeHead(200, { 'Content-Type': 'application/json' })
    return res.end(JSON.stringify({ access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile' }))
  }
  if (req.method === 'GET' && url.pathname === '/oauth2/v3/userinfo') {
    const identity = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
    if (!identity) {
      res.writeHead(401)
      return res.end()
    }
    res.writeHead(200, { 'Content-Type': 'application/json' })
    return res.end(
      JSON.stringify({
        sub: identity.sub,
        email: identity.email,
        email_verified: true,
        name: identity.name,
        given_name: identity.name.split(' ')[0],
        family_name: identity.name.split(' ').slice(1).join(' '),
        picture: null,
      }),
    )
  }
  if (url.pathname === '/health') return page(res, 200, 'ok')
  // The sign-in popup's browser asks for an icon like any page's.
  if (url.pathname === '/favicon.ico') return res.writeHead(204).end()
  page(res, 404, 'not found')
})

server.listen(port, '127.0.0.1', () => console.log(`Fake Google listening on ${port}`))
