// An error box for the booking flow whose title and text keep AA contrast on the light red
// background (Mantine's light red title is 2.8:1).
import { Alert, type AlertProps } from '@mantine/core'

export function BookingErrorAlert(props: Omit<AlertProps, 'color' | 'styles'>) {
  return (
    <Alert
      color="red"
      role="alert"
      styles={{ title: { color: 'var(--mantine-color-red-9)' }, message: { color: 'var(--mantine-color-dark-7)' } }}
      {...props}
    />
  )
}
