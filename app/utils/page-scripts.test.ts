import { describe, expect, it } from 'vitest'
import { pageShipsScripts } from '~/utils/page-scripts'

describe('which pages the server sends without scripts (docs/decisions/0059)', () => {
  const whole = { hydrate: false }

  it('leaves them out for a signed-out visitor when the page says it is whole without them', () => {
    expect(pageShipsScripts({ handles: [undefined, whole], signedIn: false, toast: false })).toBe(false)
  })

  it('keeps them for a page that says nothing, or asks for them', () => {
    expect(pageShipsScripts({ handles: [undefined, undefined], signedIn: false, toast: false })).toBe(true)
    expect(pageShipsScripts({ handles: [undefined, { hydrate: true }], signedIn: false, toast: false })).toBe(true)
    expect(pageShipsScripts({ handles: [], signedIn: false, toast: false })).toBe(true)
  })

  it('lets only the page’s own route decide, not a layout above it', () => {
    expect(pageShipsScripts({ handles: [whole, undefined], signedIn: false, toast: false })).toBe(true)
  })

  it('keeps them for a signed-in visitor and for a page with a toast to pop up', () => {
    expect(pageShipsScripts({ handles: [undefined, whole], signedIn: true, toast: false })).toBe(true)
    expect(pageShipsScripts({ handles: [undefined, whole], signedIn: false, toast: true })).toBe(true)
  })
})
