import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Anchor, Box, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
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
import { CREDENTIALS, SERVICE_RADIUS_OPTIONS, SPECIALTIES, specialtyLabel } from '~/domain/nurses/onboarding'
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

function radiusOptions(current: number, t: TFunction) {
  const miles = SERVICE_RADIUS_OPTIONS.includes(current as (typeof SERVICE_RADIUS_OPTIONS)[number])
    ? [...SERVICE_RADIUS_OPTIONS]
    : [...SERVICE_RADIUS_OPTIONS, current].sort((a, b) => a - b)
  return miles.map((value) => ({ value: String(value), label: t('profile.miles', { miles: value }) }))
}

/** What waits for an admin since she was approved (docs/decisions/0063), and the documents among it. */
function PendingNotice({ pending, timeZone }: { pending: PendingChangeView; timeZone: string }) {
  const { t } = useTranslation('nurse')
  return (
    <Alert color="yellow" variant="light" c="dark.8" title={waitingMessage(pending.fields, t)} role="status">
      <Text fz="sm">{t('profile.pendingText', { date: formatDay(pending.submittedAt, { timeZone }) })}</Text>
      {(pending.certificationDocumentUrl || pending.idDocumentUrl) && (
        <List fz="sm" mt="xs">
          {pending.certificationDocumentUrl && (
            <List.Item>
              <Anchor href={pending.certificationDocumentUrl}>{t('profile.newCertification')}</Anchor>
            </List.Item>
          )}
          {pending.idDocumentUrl && (
            <List.Item>
              <Anchor href={pending.idDocumentUrl}>{t('profile.newId')}</Anchor>
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
  const { t } = useTranslation('nurse')
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
    <SectionCard id="profile-title" title={t('profile.title')}>
      <Text fz="sm" c="gray.7" mb="md">
        {t('profile.intro')}
        {profile.verificationStatus === 'approved' && ` ${t('profile.introApproved')}`}
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
                label={t('profile.photo')}
                description={t('profile.photoHelp')}
                uploaded={Boolean(shownPhoto)}
                error={fields.photo?.errors?.[0]}
              />
            </Box>
          </Group>
          <TextField field={fields.displayName} label={t('profile.name')} autoComplete="name" maxLength={100} required />
          <TextField field={fields.headline} label={t('profile.headline')} maxLength={100} description={t('profile.upTo', { max: '100' })} />
          <TextareaField
            field={fields.bio}
            label={t('profile.bio')}
            rows={5}
            maxLength={2000}
            placeholder={t('profile.bioPlaceholder')}
            description={t('profile.upTo', { max: '2000' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField field={fields.baseLocation} label={t('profile.baseLocation')} placeholder={t('profile.baseLocationPlaceholder')} required />
            <SelectField field={fields.serviceRadiusMiles} data={radiusOptions(profile.serviceRadiusMiles, t)} label={t('profile.radius')} />
            <TextField field={fields.nightlyRate} type="number" label={t('availability.nightlyRate')} placeholder="150" min={0} step="0.01" />
            <TextField field={fields.yearsExperience} type="number" label={t('profile.years')} min={0} max={50} />
            <SelectField field={fields.minHours} data={HOUR_OPTIONS} label={t('profile.minHours')} />
            <SelectField field={fields.maxHours} data={HOUR_OPTIONS} label={t('profile.maxHours')} />
          </SimpleGrid>
          <TwinsFields maxBabies={fields.maxBabies} extraBaby={fields.extraBaby} />
          <CheckboxGroupField
            field={fields.credentials}
            legend={t('profile.credentials')}
            options={withUnlisted(CREDENTIALS, shownCredentials)}
            checked={shownCredentials}
            labelOf={(option) => (option === 'Other' ? t('profile.credentialOther') : option)}
          />
          <CheckboxGroupField
            field={fields.specialties}
            legend={t('profile.specialties')}
            options={withUnlisted(SPECIALTIES, profile.specialties)}
            checked={profile.specialties}
            labelOf={(option) => specialtyLabel(option, t)}
          />
          <TextField field={fields.languages} label={t('profile.languages')} description={t('profile.languagesHelp')} />
          <CheckboxField field={fields.instantBook} label={t('profile.instantBook')} description={t('profile.instantBookHelp')} />
          {/* Due-date reservations (issue 36): her start window and instant reservations live with her reservations. */}
          <Text fz="sm">
            {t('profile.reservationsText')}{' '}
            <Anchor href="/nurse/reservations#reservation-settings">{t('profile.reservationsLink')}</Anchor>
          </Text>
          <Group>
            <Button type="submit" disabled={saving}>
              {saving ? t('profile.saving') : t('profile.save')}
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
