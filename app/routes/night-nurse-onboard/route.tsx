// The nurse application: four steps, each a real form with an action. A signed-in nurse saves every
// step to her profile; a visitor keeps steps 1-3 in a draft cookie and creates her nurse account on
// step 4 (decision 0005).
import '~/styles/routes/night-nurse-onboard.css'
import { parseForm } from '~/utils/forms.server'
import { Alert, Container, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { useServerMessage } from '~/i18n/messages'
import { z } from 'zod'
import { accessDeniedMessage } from '~/domain/accounts/auth-redirects'
import {
  fileSizeMessage,
  maxUploadBytes,
  parseStep,
  rateDollarsToCents,
  completedSteps,
  tooManyFilesMessage,
  UPLOAD_RULES,
  type UploadKind,
} from '~/domain/nurses/onboarding'
import {
  answerApplicationStep,
  applyWithNewAccount,
  draftProblem,
  submitApplication,
  type StepAnswers,
} from '~/domain/nurses/application.server'
import { getOnboarding } from '~/domain/nurses/onboarding.server'
import {
  OnboardingAccountSchema,
  OnboardingStep1Schema,
  OnboardingStep2Schema,
  OnboardingStep3Schema,
  type OnboardingDraft,
} from '~/schemas/onboarding'
import { countRegistration, createCountedAccount } from '~/utils/auth-actions.server'
import { FormRefused, withForm, type FieldsVerdict, type FormRules } from '~/utils/multipart.server'
import { clientIp, secondsUntilAllowed, TOO_MANY_ATTEMPTS } from '~/utils/rate-limit.server'
import { getUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { clearDraftHeader, draftHeader, readDraft } from './draft.server'
import { applicationFacts, OtherRoleNotice, ProgressDots, stepPath, type ApplicationValues } from './parts'
import { StepForms } from './steps'
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const handle = { i18n: ['nurse', 'auth'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: data?.meta.title ?? 'Provider Application – Nightlight' },
  {
    name: 'description',
    content: data?.meta.description ?? 'Apply to care for families as a Nightlight night nurse.',
  },
  { name: 'robots', content: 'noindex' },
])

/** The page's title and description in the request's language. */
function metaWords() {
  const t = translator('nurse')
  return { title: t('onboard.metaTitle'), description: t('onboard.metaDescription') }
}


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
        meta: metaWords(),
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
        meta: metaWords(),
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
    maxBabies: profile.maxBabies,
    extraBabyCents: profile.extraBabyCents,
    hasPhoto: profile.photoUrl !== null,
    hasCertification: profile.certificationDocumentUrl !== null,
    hasIdDocument: profile.idDocumentUrl !== null,
    verificationStatus: profile.verificationStatus,
    rejectionReason: profile.rejectionReason,
  }
  // Answers given before signing in (e.g. through Google on step 4) fill the forms until saved.
  const values: ApplicationValues = draft ? { ...saved, ...draftOverlay(draft) } : saved
  return data({ mode: 'nurse' as const, role: user.role, step, values, draft, meta: metaWords() }, { headers })
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
    maxBabies: draft.maxBabies ?? 1,
    extraBabyCents: draft.extraBabyCents ?? 0,
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

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

async function bytesOf(file: File | undefined) {
  return file && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : undefined
}

const UPLOAD_OF_FIELD = Object.fromEntries(
  Object.entries(FIELD_OF_UPLOAD).map(([kind, field]) => [field, kind as UploadKind]),
) as Record<string, UploadKind>

// The application's form, read as a stream (decision 0014): each file under its own limit
// (docs/security.md), a few short text fields.
const APPLICATION_FORM: FormRules = {
  files: Object.fromEntries(Object.entries(UPLOAD_OF_FIELD).map(([field, kind]) => [field, maxUploadBytes(kind)])),
  maxFields: 40,
  maxFieldBytes: 16 * 1024,
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Who may post, and how often, is settled before the body is read (decision 0014).
  const user = await getUser(request)
  if (user && user.role !== 'nurse') {
    throw data({ message: accessDeniedMessage(user.role), role: user.role }, { status: 403 })
  }
  if (!user) {
    // A visitor's application ends in a new account: when this address may not register now,
    // say so before reading her files.
    const wait = await secondsUntilAllowed('registerByIp', clientIp(request, context))
    if (wait !== null) {
      return data(
        { intent: 'unknown', pageError: TOO_MANY_ATTEMPTS },
        { status: 429, headers: { 'Retry-After': String(wait) } },
      )
    }
  }
  try {
    return await withForm(
      request,
      APPLICATION_FORM,
      (formData) => saveApplication(formData, request, context, user),
      (fields, { complete }) => judgeFields(fields, complete, request, context, user),
    )
  } catch (error) {
    if (error instanceof FormRefused) return refusedForm(error)
    throw error
  }
}

// Each intent's plain fields, and the file fields it may carry (decision 0046). A visitor's steps
// 1-3 carry no file: her files come with her account on step 4 (decision 0005).
const PLAIN_FIELDS = {
  step1: OnboardingStep1Schema.omit({ photo: true }),
  step2: OnboardingStep2Schema.omit({ certificationDocument: true }),
  step3: OnboardingStep3Schema.omit({ idDocument: true }),
  register: OnboardingAccountSchema.omit({ photo: true, certificationDocument: true, idDocument: true }),
}
const FILES_OF_INTENT: Record<string, readonly string[]> = {
  step1: ['photo'],
  step2: ['certificationDocument'],
  step3: ['idDocument'],
  submit: ['idDocument'],
  register: ['photo', 'certificationDocument', 'idDocument'],
}

/** Whether every field the schema requires has arrived (optional ones cannot be waited for). */
function hasRequiredFields(fields: FormData, schema: z.ZodObject) {
  return Object.entries(schema.shape).every(
    ([name, field]) => fields.has(name) || (field as z.ZodType).safeParse(undefined).success,
  )
}

/**
 * The plain fields, judged before any file is kept (decision 0046): a visitor's account post is
 * counted against her address's registration limit whatever becomes of it, and refused here when
 * its fields or her draft would refuse it anyway, so its files are never stored or read.
 */
async function judgeFields(
  fields: FormData,
  complete: boolean,
  request: Request,
  context: ActionFunctionArgs['context'],
  user: Awaited<ReturnType<typeof getUser>>,
): Promise<FieldsVerdict<ReturnType<typeof data>>> {
  const intent = String(fields.get('intent') ?? '')
  if (!fields.has('intent') && !complete) return { verdict: 'incomplete' }
  const signedInIntent = user && intent !== 'register'
  const visitorRegisters = !user && intent === 'register'
  if (!signedInIntent && !visitorRegisters) return { verdict: 'accepted', files: [] }
  const files = FILES_OF_INTENT[intent] ?? []
  const schema = PLAIN_FIELDS[intent as keyof typeof PLAIN_FIELDS]
  if (!schema) return { verdict: 'accepted', files }
  if (!complete && !hasRequiredFields(fields, schema)) return { verdict: 'incomplete' }
  if (!visitorRegisters) {
    const submission = parseForm(fields, { schema })
    if (submission.status === 'success') return { verdict: 'accepted', files }
    return { verdict: 'answered', answer: data({ intent, result: submission.reply() }, { status: 400 }) }
  }
  const submission = parseForm(fields, { schema: PLAIN_FIELDS.register })
  const hidden = { hideFields: ['password'] }
  const tooMany = await countRegistration(request, context)
  if (tooMany) {
    return {
      verdict: 'answered',
      answer: data(
        { intent, result: submission.reply({ ...hidden, formErrors: [tooMany.message] }) },
        { status: 429, headers: { 'Retry-After': String(tooMany.retryAfterSeconds) } },
      ),
    }
  }
  if (submission.status !== 'success') {
    return { verdict: 'answered', answer: data({ intent, result: submission.reply(hidden) }, { status: 400 }) }
  }
  const problem = draftProblem((await readDraft(request)) ?? {}, submission.value.displayName)
  if (!problem) return { verdict: 'accepted', files }
  return {
    verdict: 'answered',
    answer: data({ intent, result: submission.reply({ ...hidden, formErrors: [problem] }) }, { status: 400 }),
  }
}

/** A form refused while it was read: the message on the file it concerns, or on the form. */
function refusedForm({ refusal, received }: FormRefused) {
  if (refusal.reason === 'unreadable') {
    throw new Response(translateMessage('The form could not be read.'), {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  const intent = String(received.get('intent') ?? 'unknown')
  let error: { field?: string; message: string }
  if (refusal.reason === 'file-too-large') {
    const kind = UPLOAD_OF_FIELD[refusal.field]
    error = {
      field: refusal.field,
      message: fileSizeMessage(UPLOAD_RULES[kind].maxMb),
    }
  } else if (refusal.reason === 'too-many-files') {
    error = { field: refusal.field, message: tooManyFilesMessage(1) }
  } else if (refusal.reason === 'unexpected-file') {
    error = { message: 'This form does not take that file.' }
  } else {
    error = { message: 'The form is too large.' }
  }
  // What was read before the refusal fills the form again; nothing else is checked.
  const typed: Record<string, z.ZodType> = {
    step1: OnboardingStep1Schema,
    step2: OnboardingStep2Schema,
    step3: OnboardingStep3Schema,
    register: OnboardingAccountSchema,
  }
  const submission = parseForm(received, { schema: typed[intent] ?? z.object({}), echoOnly: true })
  const result = submission.reply({
    hideFields: ['password'],
    ...(error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }),
  })
  return data(
    { intent, result, submitError: error.message },
    { status: refusal.reason === 'form-too-large' ? 413 : 400 },
  )
}

/** Reads one step's form; the domain decides what is kept where (application.server.ts). */
async function stepAnswers(intent: string, formData: FormData) {
  if (intent === 'step1') {
    const submission = parseForm(formData, { schema: OnboardingStep1Schema })
    if (submission.status !== 'success') return { submission, answers: null }
    const { fullName, phoneNumber, yearsExperience, photo } = submission.value
    const answers: StepAnswers = { step: 1, fullName, phoneNumber, yearsExperience, photo: await bytesOf(photo) }
    return { submission, answers }
  }
  if (intent === 'step2') {
    const submission = parseForm(formData, { schema: OnboardingStep2Schema })
    if (submission.status !== 'success') return { submission, answers: null }
    const { credentials, specialties, bio, certificationDocument } = submission.value
    const certification = await bytesOf(certificationDocument)
    const answers: StepAnswers = { step: 2, credentials, specialties, bio: bio ?? null, certification }
    return { submission, answers }
  }
  const submission = parseForm(formData, { schema: OnboardingStep3Schema })
  if (submission.status !== 'success') return { submission, answers: null }
  const { baseLocation, serviceRadiusMiles, nightlyRate, maxBabies, extraBaby, idDocument } = submission.value
  const answers: StepAnswers = {
    step: 3,
    baseLocation,
    serviceRadiusMiles,
    nightlyRateCents: rateDollarsToCents(nightlyRate),
    maxBabies,
    extraBabyCents: extraBaby,
    idDocument: await bytesOf(idDocument),
  }
  return { submission, answers }
}

type Reply = { reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => unknown }

/** A refusal's message on the upload field it concerns, or on the form. */
function refusal(intent: string, submission: Reply, error: string, field?: UploadKind, options: { hideFields?: string[] } = {}) {
  const result = submission.reply({
    ...options,
    ...(field ? { fieldErrors: { [FIELD_OF_UPLOAD[field]]: [error] } } : { formErrors: [error] }),
  })
  return data({ intent, result }, { status: 400 })
}

async function saveApplication(
  formData: FormData,
  request: Request,
  context: ActionFunctionArgs['context'],
  user: Awaited<ReturnType<typeof getUser>>,
) {
  const intent = String(formData.get('intent'))
  const draft = (await readDraft(request)) ?? {}
  const hadDraft = Object.keys(draft).length > 0
  const now = new Date()
  // A nurse's save takes in her draft, so the draft goes once the save is made.
  const toStep = async (step: number) =>
    redirect(stepPath(step), hadDraft ? { headers: { 'Set-Cookie': await clearDraftHeader() } } : undefined)

  if (intent === 'step1' || intent === 'step2' || intent === 'step3') {
    const { submission, answers } = await stepAnswers(intent, formData)
    if (!answers) return data({ intent, result: submission.reply() }, { status: 400 })
    const result = await answerApplicationStep({ applicant: user, draft, answers, now })
    if (!result.ok) return refusal(intent, submission, result.error, result.field)
    if (!result.draft) return toStep(answers.step + 1)
    // A visitor's answers wait in the draft cookie for her account.
    const header = await draftHeader(result.draft)
    if (!header) return refusal(intent, submission, DRAFT_TOO_LONG)
    return redirect(stepPath(answers.step + 1), { headers: { 'Set-Cookie': header } })
  }

  if (intent === 'submit') {
    if (!user) return redirect(stepPath(4))
    const idDocument = formData.get('idDocument')
    const result = await submitApplication({
      applicant: user,
      draft,
      idDocument: idDocument instanceof File ? await bytesOf(idDocument) : undefined,
      now,
    })
    if (!result.ok) return data({ intent, submitError: result.error }, { status: 400 })
    return redirectWithToast(
      '/nurse/dashboard',
      { type: 'success', message: translateMessage(result.message) },
      { headers: { 'Set-Cookie': await clearDraftHeader() } },
    )
  }

  if (intent === 'register') {
    if (user) return redirect(stepPath(4))
    const submission = parseForm(formData, { schema: OnboardingAccountSchema })
    const hidden = { hideFields: ['password'] }
    if (submission.status !== 'success') return data({ intent, result: submission.reply(hidden) }, { status: 400 })
    const { displayName, email, password, photo, certificationDocument, idDocument } = submission.value
    const applied = await applyWithNewAccount({
      draft,
      displayName,
      uploads: {
        photo: await bytesOf(photo),
        certification: await bytesOf(certificationDocument),
        idDocument: await bytesOf(idDocument),
      },
      // Counted when its fields were judged (judgeFields).
      createAccount: () => createCountedAccount(request, { email, password, displayName, role: 'nurse' }),
      now,
    })
    if (!applied.ok) {
      if (applied.code !== 'account-refused') {
        return refusal(intent, submission, applied.error, 'field' in applied ? applied.field : undefined, hidden)
      }
      const { refusal: refused } = applied
      const message =
        refused.code === 'email-in-use'
          ? 'This email is already registered. Please log in to finish your application.'
          : refused.code === 'too-many-attempts'
            ? refused.message
            : 'Registration failed. Please try again.'
      return data(
        {
          intent,
          result: submission.reply({ ...hidden, formErrors: [message] }),
          emailInUse: refused.code === 'email-in-use',
        },
        { status: refused.status },
      )
    }
    const headers = new Headers({ 'Set-Cookie': applied.account.setCookie })
    if (!applied.submitted.ok) {
      // The account exists now; the signed-in step 4 shows the error with a retry.
      return redirectWithToast(stepPath(4), { type: 'error', message: translateMessage(applied.submitted.error) }, { headers })
    }
    headers.append('Set-Cookie', await clearDraftHeader())
    return redirectWithToast('/nurse/dashboard', { type: 'success', message: translateMessage(applied.submitted.message) }, { headers })
  }

  return data({ intent: 'unknown', submitError: 'Unknown action' }, { status: 400 })
}

const DRAFT_TOO_LONG = 'Your answers are too long to keep before your account exists. Please shorten your bio.'

export default function NurseApplication() {
  const loaderData = useLoaderData<typeof loader>()
  // Refused before the form was read (too many sign-ups from this address): on every step.
  const pageError = (useActionData() as { pageError?: string } | undefined)?.pageError
  const location = useLocation()
  const navigate = useNavigate()
  const { t } = useTranslation('nurse')
  const say = useServerMessage()
  const { step } = loaderData

  // The step is also kept in the hash (#step1-#step4), as links to it have always had it: a hash
  // naming another step is followed; otherwise the hash is set to the current step.
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
        {t('onboard.title')}
      </Title>
      <Text c="dimmed" ta="center" mt={4}>
        {t('onboard.intro')}
      </Text>
      <ProgressDots
        current={step}
        done={completedSteps(applicationFacts(loaderData.values), { idComesLater: loaderData.mode === 'visitor' })}
      />
      {pageError ? (
        <Alert color="red" role="alert" mb="md">
          {say(pageError)}

        </Alert>
      ) : null}
      <StepForms step={step} signedIn={loaderData.mode === 'nurse'} values={loaderData.values} />
    </Container>
  )
}
