// Sign-in and registration as used by both the /login and /register pages and their /_api calls.
import type { Login, Register } from '../schemas/auth'
import {
  createPasswordUser,
  EmailInUseError,
  verifyPasswordLogin,
  type SessionUser,
} from '../domain/accounts/auth.server'
import { ACCOUNT_SUSPENDED_MESSAGE } from '../domain/accounts/suspensions.server'
import {
  clientIp,
  consumeAttempts,
  countFailedSignIn,
  emailAndIp,
  forgetAttempts,
  TOO_MANY_ATTEMPTS,
  waitForAccountTurn,
} from './rate-limit.server'
import { startSession } from './session.server'

/** Why a sign-in or registration was refused: each page and call maps the code to its answer. */
export type AuthFailure =
  | { ok: false; code: 'invalid-credentials'; status: 401; message: string }
  | { ok: false; code: 'email-in-use'; status: 409; message: string }
  | { ok: false; code: 'suspended'; status: 403; message: string }
  | { ok: false; code: 'too-many-attempts'; status: 429; message: string; retryAfterSeconds: number }

export type AuthResult = { ok: true; user: SessionUser; setCookie: string } | AuthFailure

type TooManyAttempts = Extract<AuthFailure, { code: 'too-many-attempts' }>

const tooMany = (retryAfterSeconds: number): TooManyAttempts => ({
  ok: false,
  code: 'too-many-attempts',
  status: 429,
  message: TOO_MANY_ATTEMPTS,
  retryAfterSeconds,
})

export async function loginWithPassword(request: Request, context: unknown, input: Login): Promise<AuthResult> {
  const ip = clientIp(request, context)
  const pair = emailAndIp(input.email, ip)
  // Locks by address and by (e-mail, address); the e-mail itself is only slowed (decision 0046).
  const counted = await consumeAttempts([
    ['loginByIp', ip],
    ['loginByPair', pair],
  ])
  if (!counted.ok) return tooMany(counted.retryAfterSeconds)
  const turn = await waitForAccountTurn(input.email)
  if (!turn.ok) return tooMany(turn.retryAfterSeconds)
  const user = await verifyPasswordLogin(input.email, input.password)
  if (!user) {
    await countFailedSignIn(input.email)
    return { ok: false, code: 'invalid-credentials', status: 401, message: 'Invalid email or password' }
  }
  if (user === 'suspended') return { ok: false, code: 'suspended', status: 403, message: ACCOUNT_SUSPENDED_MESSAGE }
  await forgetAttempts('loginByPair', pair)
  return { ok: true, user, setCookie: await startSession(request, user.id) }
}

export async function registerWithPassword(
  request: Request,
  context: unknown,
  input: Register,
): Promise<AuthResult> {
  const refused = await countRegistration(request, context)
  if (refused) return refused
  return createCountedAccount(request, input)
}

/**
 * Counts one registration attempt from the visitor's address; answers the refusal when its limit
 * is used up. The nurse application counts a post here before judging it, so refused posts count
 * too (decision 0046), and then makes the account with createCountedAccount.
 */
export async function countRegistration(request: Request, context: unknown): Promise<TooManyAttempts | null> {
  const counted = await consumeAttempts([['registerByIp', clientIp(request, context)]])
  return counted.ok ? null : tooMany(counted.retryAfterSeconds)
}

/** Makes the account and its session; the attempt was counted by countRegistration. */
export async function createCountedAccount(request: Request, input: Register): Promise<AuthResult> {
  try {
    const user = await createPasswordUser(input)
    return { ok: true, user, setCookie: await startSession(request, user.id) }
  } catch (error) {
    if (error instanceof EmailInUseError) return { ok: false, code: 'email-in-use', status: 409, message: error.message }
    throw error
  }
}

/** The JSON answer of a sign-in or registration (the /_api calls): {user} with the session cookie, or the refusal. */
export function toAuthApiResponse(result: AuthResult): Response {
  if (result.ok) return Response.json({ user: result.user }, { headers: { 'Set-Cookie': result.setCookie } })
  const headers: HeadersInit =
    result.code === 'too-many-attempts' ? { 'Retry-After': String(result.retryAfterSeconds) } : {}
  return Response.json({ error: result.message, message: result.message }, { status: result.status, headers })
}
