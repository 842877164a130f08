// The one place for design defaults: one createTheme (docs/architecture.md).
import { createTheme, type MantineColorsTuple } from '@mantine/core'

// Deep night indigo with a warm accent: calm, trustworthy, legible (WCAG AA on white at shade 7+).
const night: MantineColorsTuple = [
  '#eef0fb',
  '#dbdef3',
  '#b4bae6',
  '#8a94d9',
  '#6773ce',
  '#525fc8',
  '#4654c6',
  '#3745af',
  '#2f3d9d',
  '#24338b',
]

export const theme = createTheme({
  // Dialogs, menus and toasts appear without sliding or fading for a visitor who asked her
  // system for less motion (WCAG 2.3.3).
  respectReducedMotion: true,
  primaryColor: 'night',
  primaryShade: 7,
  colors: { night },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Container: { defaultProps: { size: 'lg' } },
    // Every toast's close button needs a name for screen readers (WCAG 4.1.2).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Mantine dims a titled notification's text below WCAG AA contrast on white (axe).
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
  },
})
