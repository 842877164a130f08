// The plain rows' controls and links must be Mantine's own markup (plain-mantine.tsx,
// button-look.tsx, docs/decisions/0026): each is rendered beside the Mantine component it stands
// for, under the provider the root uses.
import {
  Avatar,
  Badge,
  Button,
  MantineProvider,
  NativeSelect,
  Table,
  TextInput,
} from '@mantine/core'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { theme } from '~/theme'
import { StatusBadge } from './status-badge'
import { ButtonLabel, buttonLook, PlainButton } from './button-look'
import { PlainTh } from './stacked-table'
import { UserAvatar } from './user-avatar'
import {
  PlainNativeSelect,
  PlainTd,
  PlainTr,
} from './plain-mantine'
import { PlainTextInput } from './plain-text-input'

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

  test('header cells', () => {
    const table = (cells: ReactNode) => (
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>{cells}</Table.Tr>
        </Table.Thead>
      </Table>
    )
    expect(
      html(
        table(
          <>
            <PlainTh>Booking</PlainTh>
            <PlainTh ta="right">Amount</PlainTh>
          </>,
        ),
      ),
    ).toBe(
      html(
        table(
          <>
            <Table.Th>Booking</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </>,
        ),
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

  test('a native select', () => {
    const onChange = () => {}
    expect(
      html(
        <PlainNativeSelect id="row-7-status" name="status" label="Status" options={OPTIONS} value="confirmed" onChange={onChange} widthRem={7.5} />,
      ),
    ).toBe(html(<NativeSelect name="status" aria-label="Status" data={OPTIONS} value="confirmed" onChange={onChange} size="xs" w={120} />))
  })

  test.each([undefined, 'Enter a valid e-mail address'])("the footer's e-mail input with error %s", (error) => {
    expect(
      html(
        <PlainTextInput
          id="join-list-email"
          name="email"
          type="email"
          required
          placeholder="you@example.com"
          aria-label="Email address"
          autoComplete="email"
          size="sm"
          error={error}
          style={{ flex: 1 }}
        />,
      ),
    ).toBe(
      html(
        <TextInput
          id="join-list-email"
          name="email"
          type="email"
          required
          placeholder="you@example.com"
          aria-label="Email address"
          autoComplete="email"
          error={error}
          style={{ flex: 1 }}
        />,
      ),
    )
  })

  test.each([undefined, 'Notes must be at most 1000 characters'])('a text input with error %s', (error) => {
    expect(
      html(<PlainTextInput id="row-7-notes" name="notes" aria-label="Notes" placeholder="Notes (optional)" maxLength={1000} widthRem={10} error={error} />),
    ).toBe(
      html(<TextInput name="notes" aria-label="Notes" placeholder="Notes (optional)" maxLength={1000} size="xs" w={160} error={error} />),
    )
  })
})

describe("links with a button's look are Mantine's markup", () => {
  test.each([
    { variant: 'light', size: 'sm', mantine: { variant: 'light' } },
    { variant: 'light', size: 'xs', mantine: { variant: 'light', size: 'xs' } },
    { variant: 'default', size: 'sm', mantine: { variant: 'default' } },
    { variant: 'default', size: 'xs', mantine: { variant: 'default', size: 'xs' } },
    { variant: 'default', size: 'compact-sm', mantine: { variant: 'default', size: 'compact-sm' } },
    { variant: 'subtle-red', size: 'compact-sm', mantine: { variant: 'subtle', color: 'red', c: 'red.9', size: 'compact-sm' } },
    { variant: 'outline-red', size: 'sm', mantine: { variant: 'outline', color: 'red.9' } },
    { variant: 'filled', size: 'xs', mantine: { variant: 'filled', size: 'xs' } },
    { variant: 'filled', size: 'sm', fullWidth: true, mantine: { variant: 'filled', fullWidth: true } },
    { variant: 'filled', size: 'md', fullWidth: true, mantine: { variant: 'filled', size: 'md', fullWidth: true } },
    { variant: 'subtle', size: 'xs', mantine: { variant: 'subtle', size: 'xs' } },
    { variant: 'subtle', size: 'md', fullWidth: true, mantine: { variant: 'subtle', size: 'md', fullWidth: true } },
    { variant: 'light', size: 'md', fullWidth: true, mantine: { variant: 'light', size: 'md', fullWidth: true } },
    { variant: 'default', size: 'md', fullWidth: true, mantine: { variant: 'default', size: 'md', fullWidth: true } },
  ] as const)('$variant at $size', ({ variant, size, mantine, ...options }) => {
    expect(
      html(
        <a {...buttonLook(variant, size, options)} href="/parent/bookings/7" download="receipt.pdf" aria-label="Booking 7">
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

describe("a plain button is Mantine's Button", () => {
  test.each([
    { loading: false, disabled: false },
    { loading: false, disabled: true },
    { loading: true, disabled: false },
    { loading: true, disabled: true },
  ])('a filled submit button at xs %o', ({ loading, disabled }) => {
    expect(
      html(
        <PlainButton variant="filled" size="xs" type="submit" loading={loading} disabled={disabled}>
          Update
        </PlainButton>,
      ),
    ).toBe(
      html(
        <Button type="submit" variant="filled" size="xs" loading={loading} disabled={disabled}>
          Update
        </Button>,
      ),
    )
  })

  test.each([false, true])("the footer's yellow Join button, loading %s", (loading) => {
    expect(
      html(
        <PlainButton variant="yellow" type="submit" loading={loading}>
          Join
        </PlainButton>,
      ),
    ).toBe(
      html(
        <Button type="submit" loading={loading} color="yellow" c="dark">
          Join
        </Button>,
      ),
    )
  })

  test.each([
    { variant: 'subtle-gray', size: 'xs', mantine: { variant: 'subtle', color: 'gray', size: 'xs' } },
    { variant: 'default', size: 'md', fullWidth: true, mantine: { variant: 'default', size: 'md', fullWidth: true } },
    { variant: 'light', size: 'sm', mantine: { variant: 'light' } },
  ] as const)('a $variant submit button at $size', ({ variant, size, mantine, ...options }) => {
    expect(
      html(
        <PlainButton variant={variant} size={size} type="submit" {...options}>
          Log Out
        </PlainButton>,
      ),
    ).toBe(
      html(
        <Button type="submit" {...mantine}>
          Log Out
        </Button>,
      ),
    )
  })

  test.each([false, true])("the nurse's Publish, loading %s, and Clear All", (loading) => {
    expect(
      html(
        <PlainButton variant="filled" type="submit" loading={loading}>
          Publish
        </PlainButton>,
      ),
    ).toBe(
      // The page's `<Button type="submit">` was the theme's default look: filled in the primary colour, night.
      html(
        <Button type="submit" variant="filled" loading={loading}>
          Publish
        </Button>,
      ),
    )
    expect(html(<PlainButton variant="outline-red">Clear All</PlainButton>)).toBe(
      html(
        <Button variant="outline" color="red.9">
          Clear All
        </Button>,
      ),
    )
  })

  test('a disabled page link', () => {
    expect(
      html(
        <PlainButton variant="default" size="xs" disabled>
          Previous
        </PlainButton>,
      ),
    ).toBe(
      html(
        <Button variant="default" size="xs" disabled>
          Previous
        </Button>,
      ),
    )
  })

  test('a subtle toggle with a margin and ARIA state', () => {
    const onClick = () => {}
    expect(
      html(
        <PlainButton variant="subtle" size="compact-sm" style={{ marginTop: 'var(--mantine-spacing-xs)' }} onClick={onClick} aria-expanded={false} aria-controls="booking-7-nights">
          Show all 12 nights
        </PlainButton>,
      ),
    ).toBe(
      html(
        <Button variant="subtle" size="compact-sm" mt="xs" onClick={onClick} aria-expanded={false} aria-controls="booking-7-nights">
          Show all 12 nights
        </Button>,
      ),
    )
  })

  test('a submit button the width of its label, disabled until something changes', () => {
    expect(
      html(
        <PlainButton variant="filled" type="submit" disabled style={{ width: 'fit-content' }}>
          Save Settings
        </PlainButton>,
      ),
    ).toBe(
      html(
        <Button type="submit" variant="filled" disabled w="fit-content">
          Save Settings
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
