import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { NURSE_PROFILE_NOT_FOUND } from '~/domain/nurses/nurse-profile'
import { getOwnNurseProfile, updateOwnNurseProfile } from '~/domain/nurses/nurse-profile.server'
import { getOwnPendingChange } from '~/domain/nurses/profile-changes.server'
import { NurseProfileSchema } from '~/schemas/nurse-profile'
import { apiError, methodNotAllowed, parseBody, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/nurses/profile (docs/product-texts.md) → {profile, pendingChange}: the signed-in nurse's
// own profile as families see it, and what waits for an admin's review (docs/decisions/0063), or null.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiRole(request, ['nurse'])
  const profile = await getOwnNurseProfile(user.id)
  if (!profile) return apiError(404, NURSE_PROFILE_NOT_FOUND)
  return privateJson({ profile, pendingChange: await getOwnPendingChange(user.id) })
}

// POST /_api/nurses/profile {editable fields} → {profile (with slug), pendingChange}. Once she is
// approved, a new name, photo or credentials wait in pendingChange and profile keeps the approved ones.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['nurse'])
  const input = await parseBody(request, NurseProfileSchema)
  const result = await updateOwnNurseProfile(user.id, input)
  if (!result.ok) return apiError(result.status, result.error)
  return privateJson({ profile: result.profile, pendingChange: await getOwnPendingChange(user.id) })
}
