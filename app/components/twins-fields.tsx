import { Fieldset, SimpleGrid } from '@mantine/core'
import { takesBabiesLabel } from '~/domain/bookings/babies'
import { SelectField } from './choice-fields'
import { TextField, type Field } from './form-fields'

const MAX_BABIES_OPTIONS = [1, 2, 3].map((babies) => ({ value: String(babies), label: takesBabiesLabel(babies) }))

/**
 * Twins and triplets (issue 36): whether she takes them, and her extra per night for each baby
 * after the first. Plain form fields, so they post without JavaScript. One fieldset for the
 * dashboard's profile and the application's rates step, read by the same schema fields
 * (`babyCount`, `extraBabyDollars` in app/schemas/fields.ts).
 */
export function TwinsFields({ maxBabies, extraBaby }: { maxBabies: Field; extraBaby: Field }) {
  return (
    <Fieldset legend="Twins and triplets" variant="unstyled">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField field={maxBabies} data={MAX_BABIES_OPTIONS} label="Babies you take in one night" />
        <TextField
          field={extraBaby}
          type="number"
          label="Extra per night for each additional baby ($)"
          description="Added to your nightly rate for twins, twice for triplets. Leave 0 for no extra."
          placeholder="0"
          min={0}
          step="0.01"
        />
      </SimpleGrid>
    </Fieldset>
  )
}
