// The 'Twins' / 'Triplets' filter of /search and the city pages (issue 36).
import { NativeSelect } from '@mantine/core'

/** 'Twins' / 'Triplets' (issue 36): a GET field like 'RN or LPN only', kept in the page links. */
export function BabiesFilterField({ value, error }: { value: string; error?: string | null }) {
  return (
    <NativeSelect
      name="babies"
      label="Twins or triplets"
      data={BABIES_FILTER_OPTIONS}
      defaultValue={value === '2' || value === '3' ? value : ''}
      error={error}
    />
  )
}

const BABIES_FILTER_OPTIONS = [
  { value: '', label: 'Any nurse' },
  { value: '2', label: 'Twins' },
  { value: '3', label: 'Triplets' },
]
