// The CSS that <MantineProvider> would otherwise write into every page as two <style> elements:
// the theme's variables (colours, fonts, radius) and Mantine's global classes (visibleFrom,
// hiddenFrom). Our theme never changes at run time, so the CSS is a file, mantine-theme.css,
// served and cached with the other stylesheets, and the provider renders without it
// (docs/decisions/0024). app/theme.test.tsx fails when theme.ts and the file disagree;
// `UPDATE_THEME_CSS=1 npx vitest run app/theme.test.tsx` writes the file again.
import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { theme } from '~/theme'

export const THEME_CSS_HEADER =
  '/* Generated from app/theme.ts by app/styles/mantine-theme-css.tsx: do not edit (see docs/decisions/0024). */\n'

const DARK_SCHEME_RULE = /:root\[data-mantine-color-scheme="dark"\], :host\(\[data-mantine-color-scheme="dark"\]\)\{[^}]*\}/

/** The CSS <MantineProvider theme={theme}> writes into a page by default, but for the dark scheme. */
export function mantineThemeCss(): string {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} defaultColorScheme="light">
      <span />
    </MantineProvider>,
  )
  const styles = [...html.matchAll(/<style data-mantine-styles="(?:true|classes)"[^>]*>([\s\S]*?)<\/style>/g)]
  if (styles.length !== 2) throw new Error(`Expected Mantine's two <style> elements, found ${styles.length}`)
  const [variables, classes] = styles.map((match) => match[1].trim())
  // The app is always light (root.tsx: defaultColorScheme="light", no switch): the dark scheme's
  // variables would be 1 KB of render-blocking CSS on every page that nothing uses.
  const light = variables.replace(DARK_SCHEME_RULE, '')
  if (light === variables) throw new Error("Mantine's dark-scheme variables were not found; check DARK_SCHEME_RULE")
  return `${THEME_CSS_HEADER}${light}\n${classes}\n`
}
