import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core'
import { Form, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { CITY_PAGE_SLUGS, cityPageName, isCityPageSlug } from '~/domain/places/cities'
import { useTranslation } from 'react-i18next'
import { localPath } from './link'
import { useHydrated } from './use-hydrated'

const CITY_OPTIONS = CITY_PAGE_SLUGS.map((slug) => ({ value: slug, label: cityPageName(slug) }))

/**
 * The twelve city pages in a native select. It is a GET form to /night-nurse, whose loader sends
 * ?city= on to the city page, so it works before JavaScript loads; with JavaScript it navigates
 * directly, after `delayMs` of loading state when one is given.
 */
export function CityPicker({
  id,
  label,
  buttonLabel,
  delayMs = 0,
  variant = 'light',
}: {
  id: string
  label: string
  buttonLabel: string
  delayMs?: number
  variant?: 'light' | 'dark'
}) {
  const { t } = useTranslation('public')
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const [pendingCity, setPendingCity] = useState<string | null>(null)
  const [missingCity, setMissingCity] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const slug = new FormData(event.currentTarget).get('city')
    event.preventDefault()
    // Before JavaScript the browser's own `required` check speaks; after it, we do, in the page.
    if (typeof slug !== 'string' || !slug) return setMissingCity(true)
    if (delayMs <= 0) return navigate(localPath(`/night-nurse/${slug}`))
    setPendingCity(slug)
    timer.current = setTimeout(() => navigate(localPath(`/night-nurse/${slug}`)), delayMs)
  }

  const pendingName = pendingCity && isCityPageSlug(pendingCity) ? cityPageName(pendingCity) : null
  return (
    <Form
      method="get"
      action={localPath('/night-nurse')}
      onSubmit={onSubmit}
      noValidate={hydrated}
      role="search"
      aria-label={t('cityPicker.formLabel')}
    >
      <Stack gap={6}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            id={id}
            name="city"
            label={label}
            data={[{ value: '', label: t('cityPicker.choose'), disabled: true }, ...CITY_OPTIONS]}
            defaultValue=""
            required
            withAsterisk={false}
            size="md"
            style={{ flex: '1 1 220px' }}
            onChange={() => setMissingCity(false)}
            error={missingCity ? t('cityPicker.chooseFirst') : undefined}
            // An error keeps the chosen text readable (Mantine turns it red, below AA on white).
            styles={{
              input: missingCity ? { color: 'var(--mantine-color-black)' } : undefined,
              ...(variant === 'dark' ? { label: { color: 'white' }, error: { color: 'var(--mantine-color-yellow-2)' } } : {}),
            }}
          />
          <Button type="submit" size="md" loading={pendingCity !== null} color={variant === 'dark' ? 'yellow' : 'night'} c={variant === 'dark' ? 'dark' : undefined} style={{ flex: '0 0 auto' }}>
            {buttonLabel}
          </Button>
        </Group>
        <Text role="status" aria-live="polite" fz="sm" c={variant === 'dark' ? 'gray.2' : 'gray.7'} mih={20}>
          {pendingName ? t('cityPicker.finding', { city: pendingName }) : ''}
        </Text>
      </Stack>
    </Form>
  )
}
