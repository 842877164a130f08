// Sign-in and registration as used by both the /login and /register pages and their /_api calls.
import type { Login, Register } from '../schemas/auth'
import {
  createPasswordUser,
  EmailInUseError,
  verifyPasswordLogin,
  type SessionUser,
} from '../domain/auth.server'
import { clientIp, limitAttempt } from './rate-limit.server'
import { startSession } from './session.server'

export type AuthResult =
  | { ok: true; user: SessionUser; setCookie: string }
  | { ok: false; status: number; message: string }

export async function loginWithPassword(request: Request, context: unknown, input: Login): Promise<AuthResult> {
  await limitAttempt([
    ['loginByIp', clientIp(request, context)],
    ['loginByEmail', input.email],
  ])
  const user = await verifyPasswordLogin(input.email, input.password)
  if (!user) return { ok: false, status: 401, message: 'Invalid email or password' }
  return { ok: true, user, setCookie: await startSession(request, user.id) }
}

export async function registerWithPassword(
  request: Request,
  context: unknown,
  input: Register,
): Promise<AuthResult> {
  await limitAttempt([['registerByIp', clientIp(request, context)]])
  try {
    const user = await createPasswordUser(input)
    return { ok: true, user, setCookie: await startSession(request, user.id) }
  } catch (error) {
    if (error instanceof EmailInUseError) return { ok: false, status: 409, message: 'Email already in use' }
    throw error
  }
}
