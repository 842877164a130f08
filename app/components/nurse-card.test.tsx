// A nurse's card in search and on the city pages says in words whether she takes twins or
// triplets (issue 36), from her maxBabies: the column search's 'Twins' filter reads.
import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, test } from 'vitest'
import { i18nFor } from '~/i18n/i18n.server'
import type { Language } from '~/i18n/languages'
import { theme } from '~/theme'
import { NurseCard, type NurseCardNurse } from './nurse-card'

const nurse: NurseCardNurse = {
  slug: 'amara-nwosu-3',
  displayName: 'Amara Nwosu',
  photoUrl: null,
  avatarUrl: null,
  headline: 'Newborn care RN',
  nightlyRateCents: 32000,
  maxBabies: 1,
  baseLocation: 'Austin, TX',
}

function cardText(maxBabies: number, language: Language = 'en') {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor(language)}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <StaticRouter location="/search">
          <NurseCard nurse={{ ...nurse, maxBabies }} />
        </StaticRouter>
      </MantineProvider>
    </I18nextProvider>,
  )
  // The words between the tags, as a screen reader reads them.
  return html.split('<').map((piece) => piece.slice(piece.indexOf('>') + 1)).join(' ')
}

describe('the twins mark on a nurse card', () => {
  test("a nurse who takes twins reads 'Takes twins'; one who takes triplets too, 'Takes twins and triplets'", () => {
    expect(cardText(2)).toContain('Takes twins ')
    expect(cardText(2)).not.toContain('triplets')
    expect(cardText(3)).toContain('Takes twins and triplets')
  })

  test('in Spanish the card says it in Spanish', () => {
    expect(cardText(2, 'es')).toContain('Cuida gemelos ')
    expect(cardText(3, 'es')).toContain('Cuida gemelos y trillizos')
    expect(cardText(3, 'es')).not.toContain('Takes')
  })

  test('a nurse who takes single babies only has no mark', () => {
    expect(cardText(1)).not.toMatch(/twins|triplets/i)
  })
})
