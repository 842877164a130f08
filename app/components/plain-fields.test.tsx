// The nurse's rate and shift fields as plain elements (plain-mantine.tsx) must be the markup Mantine
// draws for the same Conform fields, valid and refused (docs/decisions/0042).
import { MantineProvider } from '@mantine/core'
import type { SubmissionResult } from '@conform-to/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { PublishAvailabilityFormSchema } from '~/schemas/nurse-profile'
import { theme } from '~/theme'
import { SelectField } from './choice-fields'
import { fieldInput, TextField } from './form-fields'
import { PlainSelectField, PlainTextField } from './plain-mantine'
import { useSchemaForm } from './use-schema-form'

type PublishForm = { dates: string[]; nightlyRate: string; defaultStartTime: string; defaultEndTime: string }

const TIMES = [
  { value: '19:00', label: '7:00 PM' },
  { value: '19:30', label: '7:30 PM' },
  { value: '07:00', label: '7:00 AM' },
]

function Fields({ plain, lastResult }: { plain: boolean; lastResult?: SubmissionResult<string[]> }) {
  const [, fields] = useSchemaForm<typeof PublishAvailabilityFormSchema, PublishForm>(PublishAvailabilityFormSchema, {
    id: 'publish',
    lastResult,
    defaultValue: { nightlyRate: '150', defaultStartTime: '19:30', defaultEndTime: '07:00' },
  })
  if (plain) {
    return (
      <>
        <PlainTextField
          input={fieldInput(fields.nightlyRate)}
          type="number"
          label="Nightly Rate ($)"
          placeholder="150"
          min={0}
          step="0.01"
          description="Applies to nights you mark available."
          error={fields.nightlyRate.errors?.[0]}
        />
        <PlainSelectField input={fieldInput(fields.defaultStartTime)} options={TIMES} label="Start time" error={fields.defaultStartTime.errors?.[0]} />
      </>
    )
  }
  return (
    <>
      <TextField
        field={fields.nightlyRate}
        type="number"
        label="Nightly Rate ($)"
        placeholder="150"
        min={0}
        step="0.01"
        description="Applies to nights you mark available."
      />
      <SelectField field={fields.defaultStartTime} data={TIMES} label="Start time" />
    </>
  )
}

function html(plain: boolean, lastResult?: SubmissionResult<string[]>) {
  return renderToStaticMarkup(
    <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <Fields plain={plain} lastResult={lastResult} />
    </MantineProvider>,
  )
}

describe("the rate and shift fields are Mantine's markup", () => {
  test('as the form first draws them', () => {
    expect(html(true)).toBe(html(false))
    expect(html(true)).toContain('<option value="19:30" selected="">')
  })

  test('refused, with what the nurse typed and each field its error', () => {
    const lastResult: SubmissionResult<string[]> = {
      status: 'error',
      initialValue: { nightlyRate: '-5', defaultStartTime: '19:00', defaultEndTime: '07:00' },
      error: { nightlyRate: ['Nightly rate must be a positive number'], defaultStartTime: ['Pick a start time'] },
    }
    expect(html(true, lastResult)).toBe(html(false, lastResult))
    expect(html(true, lastResult)).toContain('Nightly rate must be a positive number')
    expect(html(true, lastResult)).toContain('value="-5"')
  })
})
