import type { ActionFunctionArgs } from '@remix-run/node'
import { updateNurseVerification } from '~/domain/admin/admin.server'
import { UpdateNurseVerificationSchema } from '~/schemas/admin'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// POST /_api/admin/nurse/update-verification {nurseProfileId, verificationStatus, reason?}
// → {success, nurse}: the reason is required for a rejection, sent to the nurse and kept in the
// audit log (docs/product-texts.md).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['admin'])
  const input = await parseBody(request, UpdateNurseVerificationSchema)
  const result = await updateNurseVerification({ ...input, actorId: user.id, now: new Date() })
  if (!result.ok) return apiError(result.status, result.error)
  return Response.json({
    success: true,
    nurse: { nurseProfileId: result.nurseProfileId, verificationStatus: result.verificationStatus },
  })
}

export const loader = () => methodNotAllowed()
