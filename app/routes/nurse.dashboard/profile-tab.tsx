import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Anchor, Box, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import { FileDropzone } from '~/components/file-dropzone'
import { CheckboxField, CheckboxGroupField, SelectField } from '~/components/choice-fields'
import { TextareaField, TextField } from '~/components/form-fields'
import { FormErrorSummary } from '~/components/error-summary'
import { SectionCard } from '~/components/section-card'
import { TwinsFields } from '~/components/twins-fields'
import { useSchemaForm } from '~/components/use-schema-form'
import { UserAvatar } from '~/components/user-avatar'
// The application's choices (app/domain/nurses/onboarding.ts), one list for the application and
// the profile form.
import { CREDENTIALS, SERVICE_RADIUS_OPTIONS, SPECIALTIES } from '~/domain/nurses/onboarding'
import { ownHeadline } from '~/domain/nurses/nurse-profile'
import type { OwnNurseProfile } from '~/domain/nurses/nurse-profile.server'
import { waitingMessage } from '~/domain/nurses/profile-changes'
import { formatDay } from '~/domain/time/viewer-time'
import type { PendingChangeView } from '~/domain/nurses/profile-changes.server'
import { NurseProfileFormSchema } from '~/schemas/nurse-profile'

type ProfileFormValue = {
  displayName: string
  headline: string
  bio: string
  baseLocation: string
  serviceRadiusMiles: string
  nightlyRate: string
  maxBabies: string
  extraBaby: string
  minHours: string
  maxHours: string
  yearsExperience: string
  credentials: string[]
  specialties: string[]
  languages: string
  instantBook: string
  photo?: File
}

const HOUR_OPTIONS = Array.from({ length: 24 }, (_, i) => String(i + 1))

function radiusOptions(current: number) {
  const miles = SERVICE_RADIUS_OPTIONS.includes(current as (typeof SERVICE_RADIUS_OPTIONS)[number])
    ? [...SERVICE_RADIUS_OPTIONS]
    : [...SERVICE_RADIUS_OPTIONS, current].sort((a, b) => a - b)
  return miles.map((value) => ({ value: String(value), label: `${value} miles` }))
}

/** What waits for an admin since she was approved (docs/decisions/0063), and the documents among it. */
function PendingNotice({ pending, timeZone }: { pending: PendingChangeView; timeZone: string }) {
  return (
    <Alert color="yellow" variant="light" c="dark.8" title={waitingMessage(pending.fields)} role="status">
      <Text fz="sm">
        Submitted {formatDay(pending.submittedAt, { timeZone })}. Families see your approved profile until an admin approves the change; the
        form below shows what you submitted.
      </Text>
      {(pending.certificationDocumentUrl || pending.idDocumentUrl) && (
        <List fz="sm" mt="xs">
          {pending.certificationDocumentUrl && (
            <List.Item>
              <Anchor href={pending.certificationDocumentUrl}>New certification document</Anchor>
            </List.Item>
          )}
          {pending.idDocumentUrl && (
            <List.Item>
              <Anchor href={pending.idDocumentUrl}>New ID document</Anchor>
            </List.Item>
          )}
        </List>
      )}
    </Alert>
  )
}

/**
 * The profile form, prefilled. After approval, what waits for review fills her name, photo and
 * credentials, so nothing she entered is lost; the public profile keeps the approved ones.
 */
export function ProfileTab({
  profile,
  displayName,
  lastResult,
  pending = null,
}: {
  profile: OwnNurseProfile
  displayName: string
  lastResult: SubmissionResult<string[]> | undefined
  pending?: PendingChangeView | null
}) {
  const shownName = pending?.displayName ?? displayName
  const shownPhoto = pending?.photoUrl ?? profile.photoUrl
  const shownCredentials = pending?.credentials ?? profile.credentials
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'profile'
  const [form, fields] = useSchemaForm<typeof NurseProfileFormSchema, ProfileFormValue>(NurseProfileFormSchema, {
    id: 'nurse-profile',
    lastResult,
    defaultValue: {
      displayName: shownName,
      // An old profile's name-as-headline is not hers to keep (decision 0051): the field starts empty.
      headline: ownHeadline(profile.headline, displayName) ?? '',
      bio: profile.bio ?? '',
      baseLocation: profile.baseLocation,
      serviceRadiusMiles: String(profile.serviceRadiusMiles),
      nightlyRate: String(profile.nightlyRateCents / 100),
      maxBabies: String(profile.maxBabies),
      extraBaby: String(profile.extraBabyCents / 100),
      minHours: String(profile.minHours),
      maxHours: String(profile.maxHours),
      yearsExperience: String(profile.yearsExperience),
      credentials: shownCredentials,
      specialties: profile.specialties,
      languages: profile.languages.join(', '),
      instantBook: profile.instantBook ? 'on' : '',
    },
  })
  return (
    <SectionCard id="profile-title" title="Your public profile">
      <Text fz="sm" c="gray.7" mb="md">
        Families see these details on your profile and in search.
        {profile.verificationStatus === 'approved' &&
          ' A new name, photo or credentials wait for an admin’s review; everything else changes at once.'}
      </Text>
      {pending && (
        <Box mb="md">
          <PendingNotice pending={pending} timeZone={profile.timezone} />
        </Box>
      )}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="profile" />
        <Stack gap="md">
          <FormErrorSummary form={form} variant="light" c="dark.8" />
          <Group gap="md" align="flex-start" wrap="nowrap">
            <UserAvatar name={shownName} src={shownPhoto} size={72} radius="xl" />
            <Box style={{ flex: 1, minWidth: 0 }}>
              <FileDropzone
                name="photo"
                kind="photo"
                label="Profile photo (PNG or JPG)"
                description="Families see it on your profile and in search. A new one replaces the current one."
                uploaded={Boolean(shownPhoto)}
                error={fields.photo?.errors?.[0]}
              />
            </Box>
          </Group>
          <TextField field={fields.displayName} label="Your name" autoComplete="name" maxLength={100} required />
          <TextField field={fields.headline} label="Headline" maxLength={100} description="Up to 100 characters." />
          <TextareaField
            field={fields.bio}
            label="Bio"
            rows={5}
            maxLength={2000}
            placeholder="Tell families about your experience..."
            description="Up to 2000 characters."
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField field={fields.baseLocation} label="Base location" placeholder="City or ZIP" required />
            <SelectField field={fields.serviceRadiusMiles} data={radiusOptions(profile.serviceRadiusMiles)} label="Service radius" />
            <TextField field={fields.nightlyRate} type="number" label="Nightly Rate ($)" placeholder="150" min={0} step="0.01" />
            <TextField field={fields.yearsExperience} type="number" label="Years of experience" min={0} max={50} />
            <SelectField field={fields.minHours} data={HOUR_OPTIONS} label="Minimum hours per night" />
            <SelectField field={fields.maxHours} data={HOUR_OPTIONS} label="Maximum hours per night" />
          </SimpleGrid>
          <TwinsFields maxBabies={fields.maxBabies} extraBaby={fields.extraBaby} />
          <CheckboxGroupField
            field={fields.credentials}
            legend="Credentials"
            options={withUnlisted(CREDENTIALS, shownCredentials)}
            checked={shownCredentials}
          />
          <CheckboxGroupField
            field={fields.specialties}
            legend="Specialties"
            options={withUnlisted(SPECIALTIES, profile.specialties)}
            checked={profile.specialties}
          />
          <TextField field={fields.languages} label="Languages" description="Separate languages with commas, e.g. English, Spanish." />
          <CheckboxField
            field={fields.instantBook}
            label="Instant book"
            description="Families can book your open nights without waiting for you."
          />
          {/* Due-date reservations (issue 36): her start window and instant reservations live with her reservations. */}
          <Text fz="sm">
            Instant reservations and your start window around a due date:{' '}
            <Anchor href="/nurse/reservations#reservation-settings">your reservations</Anchor>
          </Text>
          <Group>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Profile'}
            </Button>
          </Group>
        </Stack>
      </Form>
    </SectionCard>
  )
}

/** A value the nurse has that the list does not offer (from onboarding or the API) stays ticked. */
function withUnlisted(options: readonly string[], checked: readonly string[]) {
  return [...options, ...checked.filter((value) => !options.includes(value))]
}
