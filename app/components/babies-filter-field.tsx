// The 'Twins' / 'Triplets' filter of /search and the city pages (issue 36).
import { NativeSelect } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'

/** 'Twins' / 'Triplets' (issue 36): a GET field like 'RN or LPN only', kept in the page links. */
export function BabiesFilterField({ value, error }: { value: string; error?: string | null }) {
  const { t } = useTranslation()
  const say = useServerMessage()
  return (
    <NativeSelect
      name="babies"
      label={t('babies.filterLabel')}
      data={[
        { value: '', label: t('babies.anyNurse') },
        { value: '2', label: t('babies.twins') },
        { value: '3', label: t('babies.triplets') },
      ]}
      defaultValue={value === '2' || value === '3' ? value : ''}
      error={error ? say(error) : error}
    />
  )
}
