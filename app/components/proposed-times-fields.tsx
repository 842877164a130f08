import { TextInput } from '@mantine/core'

export const TIME_FIELDS = ['time1', 'time2', 'time3'] as const
export type TimeField = (typeof TIME_FIELDS)[number]

/**
 * Up to three interview times as datetime-local fields (the first required), bounded by the range
 * a proposal may name: the family's request and the nurse's counter-proposal use the same three.
 */
export function ProposedTimesFields({
  earliest,
  latest,
  typed,
  errorOf,
}: {
  earliest: string
  latest: string
  typed?: Partial<Record<TimeField, string>>
  errorOf: (name: TimeField) => string | undefined
}) {
  return TIME_FIELDS.map((name, i) => (
    <TextInput
      key={name}
      type="datetime-local"
      name={name}
      label={`Time ${i + 1}${i === 0 ? '' : ' (optional)'}`}
      required={i === 0}
      min={earliest}
      max={latest}
      defaultValue={typed?.[name] ?? ''}
      error={errorOf(name)}
    />
  ))
}
