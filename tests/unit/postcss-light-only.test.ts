import postcss from 'postcss'
import { describe, expect, it } from 'vitest'
import lightOnly from '../../postcss-light-only.js'

async function run(css: string) {
  return (await postcss([lightOnly()]).process(css, { from: undefined })).css.replace(/\s+/g, ' ').trim()
}

describe('the build keeps no dark-scheme rule (docs/decisions/0059)', () => {
  it("drops Mantine's dark variables and a component's dark look, quoted or not", async () => {
    expect(
      await run(`
        :root[data-mantine-color-scheme='dark'], :host([data-mantine-color-scheme='dark']) { --mantine-color-text: #c9c9c9 }
        :where([data-mantine-color-scheme=dark]) .m_1 { color: white }
        :root[data-mantine-color-scheme="light"] { --mantine-color-text: #000 }
        .m_1 { color: black }
      `),
    ).toBe(':root[data-mantine-color-scheme="light"] { --mantine-color-text: #000 } .m_1 { color: black }')
  })

  it('keeps the light selectors of a list that names both, and drops an at-rule left empty', async () => {
    expect(
      await run(`
        :where([data-mantine-color-scheme='light']) .m_2, :where([data-mantine-color-scheme='dark']) .m_2 { border: 0 }
        @media (min-width: 48em) { :where([data-mantine-color-scheme='dark']) .m_3 { color: white } }
      `),
    ).toBe(":where([data-mantine-color-scheme='light']) .m_2 { border: 0 }")
  })
})
