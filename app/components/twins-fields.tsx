import { Fieldset, SimpleGrid } from '@mantine/core'
import { takesBabiesLabel } from '~/domain/bookings/babies'
import { useTranslation } from 'react-i18next'
import { SelectField } from './choice-fields'
import { TextField, type Field } from './form-fields'

const MAX_BABIES_KEYS = ['twins.takesOne', 'twins.takesTwins', 'twins.takesTriplets'] as const

/**
 * Twins and triplets (issue 36): whether she takes them, and her extra per night for each baby
 * after the first. Plain form fields, so they post without JavaScript. One fieldset for the
 * dashboard's profile and the application's rates step, read by the same schema fields
 * (`babyCount`, `extraBabyDollars` in app/schemas/fields.ts).
 */
export function TwinsFields({ maxBabies, extraBaby }: { maxBabies: Field; extraBaby: Field }) {
  const { t, i18n } = useTranslation('nurse')
  // English keeps the shared words of takesBabiesLabel; Spanish has its own.
  const options = [1, 2, 3].map((babies) => ({
    value: String(babies),
    label: i18n.language === 'es' ? t(MAX_BABIES_KEYS[babies - 1]) : takesBabiesLabel(babies),
  }))
  return (
    <Fieldset legend={t('twins.legend')} variant="unstyled">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField field={maxBabies} data={options} label={t('twins.maxBabies')} />
        <TextField
          field={extraBaby}
          type="number"
          label={t('twins.extra')}
          description={t('twins.extraHelp')}

          placeholder="0"
          min={0}
          step="0.01"
        />
      </SimpleGrid>
    </Fieldset>
  )
}
