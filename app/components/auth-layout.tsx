import { Anchor, Card, Container, Divider, Text, Title } from '@mantine/core'
import { Link } from './link'
import type { ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { goAfterSignIn } from '~/utils/auth-page'
import { useRootData } from '~/utils/root-data'
import { PasswordField, TextField } from './form-fields'
import { GoogleSignInButton } from './google-sign-in-button'

type Field = Parameters<typeof TextField>[0]['field']

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Container size={460} py={56}>
      <Card shadow="sm" padding="xl">
        <Title order={1} fz={28} ta="center">
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" ta="center" mt={4} mb="lg">
            {subtitle}
          </Text>
        )}
        {children}
      </Card>
    </Container>
  )
}

/** Google sign-in on the log-in and sign-up pages: then on to ?redirectTo, or the person's own page. */
export function AuthPageGoogleButton({ label, redirectTo }: { label?: string; redirectTo: string }) {
  const rootData = useRootData()
  return (
    <GoogleSignInButton
      enabled={rootData?.publicEnv.googleEnabled ?? false}
      label={label}
      redirectTo={redirectTo || undefined}
      onSignedIn={(user) => goAfterSignIn(user, redirectTo)}
    />
  )
}

export function OrDivider() {
  const { t } = useTranslation('auth')
  return <Divider label={t('authLayout.or')} labelPosition="center" my="lg" />
}

/** 'By signing in, you agree to our Terms and Privacy Policy.' on the log-in or the sign-up page. */
export function TermsNote({ action }: { action: 'signIn' | 'signUp' }) {
  const { t } = useTranslation('auth')
  return (
    <Text fz="xs" c="dimmed" ta="center" mt="lg">
      <Trans
        t={t}
        i18nKey={action === 'signIn' ? 'authLayout.termsSignIn' : 'authLayout.termsSignUp'}
        components={{
          terms: <Anchor component={Link} to="/terms" fz="xs" underline="always" />,
          privacy: <Anchor component={Link} to="/privacy" fz="xs" underline="always" />,
        }}
      />
    </Text>
  )
}

/** The fields of a new account, the same on the sign-up page and the nurse application. */
export function NewAccountFields({ fields }: { fields: { displayName: Field; email: Field; password: Field } }) {
  const { t } = useTranslation('auth')
  return (
    <>
      <TextField
        field={fields.displayName}
        label={t('authLayout.fullName')}
        autoComplete="name"
        required
      />
      <TextField
        field={fields.email}
        type="email"
        label={t('authLayout.email')}
        autoComplete="email"
        required
      />
      <PasswordField
        field={fields.password}
        label={t('authLayout.password')}
        description={t('authLayout.passwordHint')}
        autoComplete="new-password"
        required
      />
    </>
  )
}
