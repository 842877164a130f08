// The nurse application (spec 001 §2, §4; DESIGN.md §11): four steps, each a real form with an
// action. A signed-in nurse saves every step to her profile; a visitor keeps steps 1-3 in a draft
// cookie and creates her nurse account on step 4 (decision 0005).
import { parseWithZod } from '@conform-to/zod/v4'
import { Container, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, type CSSProperties } from 'react'
import { accessDeniedMessage } from '~/domain/auth-redirects'
import {
  ONBOARDING_MESSAGES,
  parseStep,
  rateDollarsToCents,
  submissionProblem,
  type UploadKind,
} from '~/domain/onboarding'
import { getOnboarding, prepareUploads, saveOnboardingStep, type OnboardingChanges } from '~/domain/onboarding.server'
import {
  OnboardingAccountSchema,
  OnboardingStep1Schema,
  OnboardingStep2Schema,
  OnboardingStep3Schema,
  type OnboardingDraft,
} from '~/schemas/onboarding'
import { registerWithPassword } from '~/utils/auth-actions.server'
import { getUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { clearDraftHeader, draftHeader, readDraft } from './draft.server'
import { OtherRoleNotice, ProgressDots, type ApplicationValues } from './parts'
import { StepForms } from './steps'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [
  { title: 'Provider Application – Nightlight' },
  {
    name: 'description',
    content: 'Apply to care for families as a Nightlight night nurse.',
  },
  { name: 'robots', content: 'noindex' },
]

const PAGE = '/night-nurse-onboard'
const stepPath = (step: number) => `${PAGE}?step=${step}#step${step}`

const FIELD_OF_UPLOAD: Record<UploadKind, string> = {
  photo: 'photo',
  certification: 'certificationDocument',
  id_document: 'idDocument',
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  const step = parseStep(new URL(request.url).searchParams.get('step'))
  const headers = { 'Cache-Control': 'private, no-store' }
  if (user && user.role !== 'nurse') {
    return data(
      {
        mode: 'other-role' as const,
        role: user.role,
        step,
        values: null,
        draft: null,
      },
      { headers },
    )
  }
  const draft = await readDraft(request)
  if (!user) {
    return data(
      {
        mode: 'visitor' as const,
        role: null,
        step,
        values: valuesFromDraft(draft ?? {}),
        draft,
      },
      { headers },
    )
  }
  const onboarding = await getOnboarding(user.id)
  if (!onboarding) throw data({ message: 'Nurse profile not found' }, { status: 404 })
  const { profile } = onboarding
  const saved: ApplicationValues = {
    fullName: user.displayName,
    phoneNumber: onboarding.user.phoneNumber ?? '',
    yearsExperience: profile.yearsExperience,
    credentials: profile.credentials,
    specialties: profile.specialties,
    bio: profile.bio ?? '',
    baseLocation: profile.baseLocation,
    serviceRadiusMiles: profile.serviceRadiusMiles,
    nightlyRateCents: profile.id === null ? null : profile.nightlyRateCents,
    hasPhoto: profile.photoUrl !== null,
    hasCertification: profile.certificationDocumentUrl !== null,
    hasIdDocument: profile.idDocumentUrl !== null,
    verificationStatus: profile.verificationStatus,
    rejectionReason: profile.rejectionReason,
  }
  // Answers given before signing in (e.g. through Google on step 4) fill the forms until saved.
  const values: ApplicationValues = draft ? { ...saved, ...draftOverlay(draft) } : saved
  return data({ mode: 'nurse' as const, role: user.role, step, values, draft }, { headers })
}

function valuesFromDraft(draft: OnboardingDraft): ApplicationValues {
  return {
    fullName: draft.fullName ?? '',
    phoneNumber: draft.phoneNumber ?? '',
    yearsExperience: draft.yearsExperience ?? 0,
    credentials: draft.credentials ?? [],
    specialties: draft.specialties ?? [],
    bio: draft.bio ?? '',
    baseLocation: draft.baseLocation ?? '',
    serviceRadiusMiles: draft.serviceRadiusMiles ?? 20,
    nightlyRateCents: draft.nightlyRateCents ?? null,
    hasPhoto: false,
    hasCertification: false,
    hasIdDocument: false,
    verificationStatus: 'none',
    rejectionReason: null,
  }
}

/** The draft's answers over the saved ones; the name stays the account's. */
function draftOverlay(draft: OnboardingDraft): Partial<ApplicationValues> {
  const { fullName: _accountHasAName, ...answers } = draft
  return withoutUndefined(answers)
}

function changesFromDraft(draft: OnboardingDraft): OnboardingChanges {
  return {
    headline: draft.fullName || undefined,
    phoneNumber: draft.phoneNumber || undefined,
    yearsExperience: draft.yearsExperience,
    credentials: draft.credentials,
    specialties: draft.specialties,
    bio: draft.bio,
    baseLocation: draft.baseLocation || undefined,
    serviceRadiusMiles: draft.serviceRadiusMiles,
    nightlyRateCents: draft.nightlyRateCents,
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

async function bytesOf(file: File | undefined) {
  return file && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : undefined
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getUser(request)
  if (user && user.role !== 'nurse') {
    throw data({ message: accessDeniedMessage(user.role), role: user.role }, { status: 403 })
  }
  const formData = await request.formData()
  const intent = formData.get('intent')
  const draft = (await readDraft(request)) ?? {}
  const now = new Date()

  // A save the domain refused: its message on the field it concerns, or on the form.
  const refused = (
    submission: {
      reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => unknown
    },
    error: string,
    field?: string,
  ) => {
    const target = field && field in FIELD_OF_UPLOAD ? FIELD_OF_UPLOAD[field as UploadKind] : undefined
    return data(
      {
        intent: String(intent),
        result: submission.reply(target ? { fieldErrors: { [target]: [error] } } : { formErrors: [error] }),
      },
      { status: 400 },
    )
  }

  // Steps 1-3 for a visitor: keep the answers in the draft and move on.
  async function keepInDraft(submission: Parameters<typeof refused>[0], next: OnboardingDraft, step: number) {
    const header = await draftHeader(next)
    if (!header) {
      return refused(
        submission,
        'Your answers are too long to keep before your account exists. Please shorten your bio.',
      )
    }
    return redirect(stepPath(step + 1), { headers: { 'Set-Cookie': header } })
  }

  // A signed-in save also takes in what a draft from before signing in still holds (decision 0005).
  const hadDraft = Object.keys(draft).length > 0
  const withDraft = (changes: OnboardingChanges): OnboardingChanges => ({
    ...changesFromDraft(draft),
    ...withoutUndefined(changes),
  })
  const toStep = async (step: number) =>
    redirect(stepPath(step), hadDraft ? { headers: { 'Set-Cookie': await clearDraftHeader() } } : undefined)

  if (intent === 'step1') {
    const submission = parseWithZod(formData, {
      schema: OnboardingStep1Schema,
    })
    if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
    const { fullName, phoneNumber, yearsExperience, photo } = submission.value
    if (!user) return keepInDraft(submission, { ...draft, fullName, phoneNumber, yearsExperience }, 1)
    // Signed in, the full name is the account's and read-only (spec 001 §2).
    const result = await saveOnboardingStep({
      user,
      changes: withDraft({ phoneNumber, yearsExperience }),
      uploads: { photo: await bytesOf(photo) },
      submitForReview: false,
      now,
    })
    if (!result.ok) return refused(submission, result.error, result.field)
    return toStep(2)
  }

  if (intent === 'step2') {
    const submission = parseWithZod(formData, {
      schema: OnboardingStep2Schema,
    })
    if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
    const { credentials, specialties, bio, certificationDocument } = submission.value
    if (!user) return keepInDraft(submission, { ...draft, credentials, specialties, bio: bio ?? '' }, 2)
    const result = await saveOnboardingStep({
      user,
      changes: withDraft({ credentials, specialties, bio: bio ?? null }),
      uploads: { certification: await bytesOf(certificationDocument) },
      submitForReview: false,
      now,
    })
    if (!result.ok) return refused(submission, result.error, result.field)
    return toStep(3)
  }

  if (intent === 'step3') {
    const submission = parseWithZod(formData, {
      schema: OnboardingStep3Schema,
    })
    if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
    const { baseLocation, serviceRadiusMiles, nightlyRate, idDocument } = submission.value
    const nightlyRateCents = rateDollarsToCents(nightlyRate)
    if (!user) return keepInDraft(submission, { ...draft, baseLocation, serviceRadiusMiles, nightlyRateCents }, 3)
    const result = await saveOnboardingStep({
      user,
      changes: withDraft({
        baseLocation,
        serviceRadiusMiles,
        nightlyRateCents,
      }),
      uploads: { id_document: await bytesOf(idDocument) },
      submitForReview: false,
      requireIdDocument: true,
      now,
    })
    if (!result.ok) return refused(submission, result.error, result.field)
    return toStep(4)
  }

  if (intent === 'submit') {
    if (!user) return redirect(stepPath(4))
    const idDocument = formData.get('idDocument')
    const result = await saveOnboardingStep({
      user,
      changes: changesFromDraft(draft),
      uploads: {
        id_document: idDocument instanceof File ? await bytesOf(idDocument) : undefined,
      },
      submitForReview: true,
      now,
    })
    if (!result.ok) return data({ intent, submitError: result.error }, { status: 400 })
    return redirectWithToast(
      '/nurse/dashboard',
      { type: 'success', message: result.message },
      { headers: { 'Set-Cookie': await clearDraftHeader() } },
    )
  }

  if (intent === 'register') {
    if (user) return redirect(stepPath(4))
    const submission = parseWithZod(formData, {
      schema: OnboardingAccountSchema,
    })
    const hidden = { hideFields: ['password'] }
    if (submission.status !== 'success') return data({ intent, result: submission.reply(hidden) }, { status: 400 })
    const { displayName, email, password, photo, certificationDocument, idDocument } = submission.value
    if (!idDocument || idDocument.size === 0) {
      return data(
        {
          intent,
          result: submission.reply({
            ...hidden,
            fieldErrors: { idDocument: [ONBOARDING_MESSAGES.idRequired] },
          }),
        },
        { status: 400 },
      )
    }
    // Everything is checked before the account exists, so a refusal leaves no half-made account.
    const problem = submissionProblem({
      headline: draft.fullName || displayName,
      phoneNumber: draft.phoneNumber,
      baseLocation: draft.baseLocation,
      nightlyRateCents: draft.nightlyRateCents,
      hasIdDocument: true,
    })
    if (problem)
      return data(
        {
          intent,
          result: submission.reply({ ...hidden, formErrors: [problem] }),
        },
        { status: 400 },
      )
    const uploads = {
      photo: await bytesOf(photo),
      certification: await bytesOf(certificationDocument),
      id_document: await bytesOf(idDocument),
    }
    const checked = await prepareUploads(uploads)
    if (!checked.ok) {
      return data(
        {
          intent,
          result: submission.reply({
            ...hidden,
            fieldErrors: { [FIELD_OF_UPLOAD[checked.field]]: [checked.error] },
          }),
        },
        { status: 400 },
      )
    }
    let registered
    try {
      registered = await registerWithPassword(request, context, {
        email,
        password,
        displayName,
        role: 'nurse',
      })
    } catch (error) {
      if (error instanceof Response && error.status === 429) {
        const body = await error.json()
        return data(
          {
            intent,
            result: submission.reply({ ...hidden, formErrors: [body.error] }),
          },
          { status: 429 },
        )
      }
      throw error
    }
    if (!registered.ok) {
      const message =
        registered.message === 'Email already in use'
          ? 'This email is already registered. Please log in to finish your application.'
          : 'Registration failed. Please try again.'
      return data(
        {
          intent,
          result: submission.reply({ ...hidden, formErrors: [message] }),
          emailInUse: true,
        },
        { status: registered.status },
      )
    }
    const headers = new Headers({ 'Set-Cookie': registered.setCookie })
    const result = await saveOnboardingStep({
      user: registered.user,
      changes: {
        ...changesFromDraft(draft),
        headline: draft.fullName || displayName,
      },
      uploads,
      submitForReview: true,
      now,
    })
    if (!result.ok) {
      // The account exists now; the signed-in step 4 shows the error with a retry.
      return redirectWithToast(stepPath(4), { type: 'error', message: result.error }, { headers })
    }
    headers.append('Set-Cookie', await clearDraftHeader())
    return redirectWithToast('/nurse/dashboard', { type: 'success', message: result.message }, { headers })
  }

  return data({ intent: 'unknown', submitError: 'Unknown action' }, { status: 400 })
}

export default function NurseApplication() {
  const loaderData = useLoaderData<typeof loader>()
  const location = useLocation()
  const navigate = useNavigate()
  const { step } = loaderData

  // The spec keeps the step in the hash (#step1-#step4): a hash naming another step is followed;
  // otherwise the hash is set to the current step.
  useEffect(() => {
    const hashStep = /^#step([1-4])$/.exec(location.hash)?.[1]
    if (hashStep && Number(hashStep) !== step) {
      navigate(stepPath(Number(hashStep)), { replace: true })
    } else if (!hashStep) {
      window.history.replaceState(window.history.state, '', `${location.pathname}${location.search}#step${step}`)
    }
  }, [location, step, navigate])

  useEffect(() => {
    const onHashChange = () => {
      const hashStep = Number(/^#step([1-4])$/.exec(window.location.hash)?.[1] ?? 1)
      if (hashStep !== step) navigate(stepPath(hashStep), { replace: true })
    }
    window.addEventListener('hashchange', onHashChange)
    return () => window.removeEventListener('hashchange', onHashChange)
  }, [navigate, step])

  if (loaderData.mode === 'other-role') return <OtherRoleNotice role={loaderData.role} />

  return (
    // Mantine's default error red is too light for small text on white (WCAG 1.4.3); a darker one here.
    <Container
      size={640}
      py="xl"
      style={
        {
          '--mantine-color-error': 'var(--mantine-color-red-9)',
        } as CSSProperties
      }
    >
      <Title order={1} ta="center">
        Provider Application
      </Title>
      <Text c="dimmed" ta="center" mt={4}>
        Four short steps. An admin reviews every application before families can book you.
      </Text>
      <ProgressDots current={step} />
      <StepForms step={step} signedIn={loaderData.mode === 'nurse'} values={loaderData.values} />
    </Container>
  )
}
