import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { NURSE_PROFILE_NOT_FOUND } from '~/domain/nurses/nurse-profile'
import { getOnboarding, saveOnboardingStep, uploadsFromUrls } from '~/domain/nurses/onboarding.server'
import { OnboardingSaveSchema } from '~/schemas/onboarding'
import { apiError, methodNotAllowed, parseBody, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/nurses/onboarding (docs/product-texts.md): the signed-in nurse's {profile,
// availability, user}.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiRole(request, ['nurse'])
  const onboarding = await getOnboarding(user.id)
  if (!onboarding) return apiError(404, NURSE_PROFILE_NOT_FOUND)
  return privateJson(onboarding)
}

// POST /_api/nurses/onboarding with the flexible payload → {profile, message}. File fields take
// data URLs and become stored files, checked as uploads are (docs/security.md); the same save as
// the page's steps.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['nurse'])
  const input = await parseBody(request, OnboardingSaveSchema)
  const { photoUrl, certificationDocumentUrl, idDocumentUrl, ...profileData } = input.profileData ?? {}
  const files = uploadsFromUrls({
    photoUrl,
    certificationDocumentUrl,
    idDocumentUrl,
  })
  if (!files.ok) return apiError(400, files.error, { field: files.field })
  // The weekly availability entries carry the nurse's usual shift: the first active one becomes
  // the default start and end of the nights she publishes (nights themselves are dated).
  const usualShift = input.availability?.find((entry) => entry.active)
  const result = await saveOnboardingStep({
    user,
    changes: {
      ...profileData,
      phoneNumber: input.userData?.phoneNumber,
      defaultStartTime: usualShift?.startTimeLocal,
      defaultEndTime: usualShift?.endTimeLocal,
    },
    uploads: files.uploads,
    submitForReview: input.submitForReview,
    now: new Date(),
  })
  if (!result.ok) return apiError(result.status, result.error, result.field ? { field: result.field } : {})
  return Response.json({ profile: result.profile, message: result.message })
}
