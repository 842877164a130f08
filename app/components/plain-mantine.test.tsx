// The plain rows' controls and links must be Mantine's own markup (plain-mantine.tsx,
// button-look.tsx, docs/decisions/0026): each is rendered beside the Mantine component it stands
// for, under the provider the root uses.
import { Avatar, Badge, Button, Group, MantineProvider, NativeSelect, Switch, Table, Text, TextInput } from '@mantine/core'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { theme } from '~/theme'
import { StatusBadge } from './status-badge'
import { ButtonLabel, buttonLook } from './button-look'
import { PlainSwitch } from './plain-switch'
import { UserAvatar } from './user-avatar'
import {
  PlainGroup,
  PlainNativeSelect,
  PlainSubmitButton,
  PlainTd,
  PlainText,
  PlainTextInput,
  PlainTr,
} from './plain-mantine'

function html(element: ReactNode) {
  return (
    renderToStaticMarkup(
      <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
        {element}
      </MantineProvider>,
    )
      // Mantine's generated ids (useId) and ours name the same element.
      .replace(/mantine-[A-Za-z0-9]+(-error)?"/g, 'the-id$1"')
      .replace(/row-7-notes(-error)?"/g, 'the-id$1"')
      .replace(/row-7-status"/g, 'the-id"')
  )
}

const OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
]

describe("the plain controls are Mantine's markup", () => {
  test('a table row and its cells', () => {
    const mantine = (striped: boolean) => (
      <Table striped={striped}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td data-label="Booking" style={{ whiteSpace: 'nowrap' }}>
              A
            </Table.Td>
            <Table.Td data-label="Change status" className="stacked-table-wide">
              B
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    )
    const plain = (striped: boolean) => (
      <Table striped={striped}>
        <Table.Tbody>
          <PlainTr striped={striped}>
            <PlainTd label="Booking" nowrap>
              A
            </PlainTd>
            <PlainTd label="Change status" className="stacked-table-wide">
              B
            </PlainTd>
          </PlainTr>
        </Table.Tbody>
      </Table>
    )
    expect(html(plain(true))).toBe(html(mantine(true)))
    expect(html(plain(false))).toBe(html(mantine(false)))
  })

  test('text', () => {
    expect(html(<PlainText size="sm" bold>#NN-000007</PlainText>)).toBe(
      html(
        <Text fw={600} fz="sm">
          #NN-000007
        </Text>,
      ),
    )
    expect(html(<PlainText size="sm">Ethan Price</PlainText>)).toBe(html(<Text fz="sm">Ethan Price</Text>))
    expect(
      html(
        <PlainText size="xs" dimmed breakAnywhere>
          ethan@example.com
        </PlainText>,
      ),
    ).toBe(
      html(
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          ethan@example.com
        </Text>,
      ),
    )
  })

  test.each([
    ['waiting', 'yellow'],
    ['active', 'night'],
    ['good', 'teal'],
    ['stopped', 'red'],
    ['neutral', 'gray'],
  ] as const)('the status badge of tone %s', (tone, color) => {
    expect(html(<StatusBadge status={{ label: 'Pending', tone }} />)).toBe(
      html(
        <Badge
          variant="light"
          color={color}
          c="dark.8"
          radius="sm"
          tt="none"
          fw={600}
          w="max-content"
          style={{ flexShrink: 0, overflow: 'visible' }}
          styles={{ label: { overflow: 'visible' } }}
        >
          Pending
        </Badge>,
      ),
    )
  })

  test('a group', () => {
    expect(html(<PlainGroup>x</PlainGroup>)).toBe(
      html(
        <Group gap="xs" wrap="nowrap" align="flex-start">
          x
        </Group>,
      ),
    )
  })

  test('a native select', () => {
    const onChange = () => {}
    expect(
      html(
        <PlainNativeSelect id="row-7-status" name="status" label="Status" options={OPTIONS} value="confirmed" onChange={onChange} widthRem={7.5} />,
      ),
    ).toBe(html(<NativeSelect name="status" aria-label="Status" data={OPTIONS} value="confirmed" onChange={onChange} size="xs" w={120} />))
  })

  test.each([undefined, 'Notes must be at most 1000 characters'])('a text input with error %s', (error) => {
    expect(
      html(<PlainTextInput id="row-7-notes" name="notes" label="Notes" placeholder="Notes (optional)" maxLength={1000} widthRem={10} error={error} />),
    ).toBe(
      html(<TextInput name="notes" aria-label="Notes" placeholder="Notes (optional)" maxLength={1000} size="xs" w={160} error={error} />),
    )
  })

  test.each([
    { loading: false, disabled: false },
    { loading: false, disabled: true },
    { loading: true, disabled: false },
    { loading: true, disabled: true },
  ])('a submit button %o', ({ loading, disabled }) => {
    expect(
      html(
        <PlainSubmitButton loading={loading} disabled={disabled}>
          Update
        </PlainSubmitButton>,
      ),
    ).toBe(
      html(
        <Button type="submit" size="xs" loading={loading} disabled={disabled}>
          Update
        </Button>,
      ),
    )
  })
})

describe("links with a button's look are Mantine's markup", () => {
  test.each([
    { variant: 'light', size: 'md', mantine: { variant: 'light' } },
    { variant: 'light', size: 'xs', mantine: { variant: 'light', size: 'xs' } },
    { variant: 'default', size: 'md', mantine: { variant: 'default' } },
    { variant: 'default', size: 'xs', mantine: { variant: 'default', size: 'xs' } },
    { variant: 'default', size: 'compact-sm', mantine: { variant: 'default', size: 'compact-sm' } },
    { variant: 'subtle-red', size: 'compact-sm', mantine: { variant: 'subtle', color: 'red', c: 'red.9', size: 'compact-sm' } },
  ] as const)('$variant at $size', ({ variant, size, mantine }) => {
    expect(
      html(
        <a {...buttonLook(variant, size)} href="/parent/bookings/7" download="receipt.pdf" aria-label="Booking 7">
          <ButtonLabel>View Details</ButtonLabel>
        </a>,
      ),
    ).toBe(
      html(
        <Button component="a" {...mantine} href="/parent/bookings/7" download="receipt.pdf" aria-label="Booking 7">
          View Details
        </Button>,
      ),
    )
  })
})

describe("a person's picture is Mantine's Avatar", () => {
  test.each([
    { name: 'Ana Lopez', src: '/files/7', size: 48, radius: 'xl' as const },
    { name: 'ana lopez', src: null, size: 32, radius: 'xl' as const },
    { name: '', src: undefined, size: 36, radius: 'xl' as const },
    { name: null, src: '', size: 56, radius: 'xl' as const },
    { name: 'Bea', src: 'https://lh3.googleusercontent.com/a/x', size: 72, radius: 72, imageProps: { loading: 'lazy' as const, width: 72, height: 72 } },
    { name: 'Cleo', src: '/files/9', size: 128, radius: 128, imageProps: { width: 128, height: 128, fetchPriority: 'high' as const } },
  ])('$name, $src at $size', ({ name, src, size, radius, imageProps }) => {
    expect(html(<UserAvatar name={name} src={src} size={size} radius={radius} imageProps={imageProps} />)).toBe(
      html(
        <Avatar src={src || null} alt={name ?? ''} color="night" size={size} radius={radius} imageProps={imageProps}>
          {(name?.trim()[0] ?? 'N').toUpperCase()}
        </Avatar>,
      ),
    )
  })
})

describe("a settings switch is Mantine's Switch", () => {
  test.each([
    { checked: true, disabled: false },
    { checked: false, disabled: false },
    { checked: true, disabled: true },
    { checked: false, disabled: true },
  ])('checked $checked, disabled $disabled', ({ checked, disabled }) => {
    const onChange = () => {}
    expect(
      html(<PlainSwitch name="nightReports" label="Night reports" description="The morning report." checked={checked} disabled={disabled} onChange={onChange} />),
    ).toBe(
      html(<Switch name="nightReports" label="Night reports" description="The morning report." checked={checked} disabled={disabled} onChange={onChange} />),
    )
  })
})
