import { TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'

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
  // The routes that show these fields list the 'conversations' namespace.
  const { t } = useTranslation('conversations')
  const say = useServerMessage()
  return TIME_FIELDS.map((name, i) => (
    <TextInput
      key={name}
      type="datetime-local"
      name={name}
      label={i === 0 ? t('proposedTimes.first') : t('proposedTimes.optional', { number: i + 1 })}
      required={i === 0}
      min={earliest}
      max={latest}
      defaultValue={typed?.[name] ?? ''}
      error={say(errorOf(name)) || undefined}
    />
  ))
}
