import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { NURSE_PROFILE_NOT_FOUND } from '~/domain/nurses/nurse-profile'
import { getOwnNurseProfile, updateOwnNurseProfile } from '~/domain/nurses/nurse-profile.server'
import { NurseProfileSchema } from '~/schemas/nurse-profile'
import { apiError, methodNotAllowed, parseBody, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/nurses/profile (docs/product-texts.md) → {profile}: the signed-in nurse's own profile.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiRole(request, ['nurse'])
  const profile = await getOwnNurseProfile(user.id)
  if (!profile) return apiError(404, NURSE_PROFILE_NOT_FOUND)
  return privateJson({ profile })
}

// POST /_api/nurses/profile {editable fields} → {profile} (with slug).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['nurse'])
  const input = await parseBody(request, NurseProfileSchema)
  const result = await updateOwnNurseProfile(user.id, input)
  if (!result.ok) return apiError(result.status, result.error)
  return privateJson({ profile: result.profile })
}
