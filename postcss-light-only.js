// The app is always light (app/root.tsx: defaultColorScheme="light", no switch), so the rules that
// only apply under `[data-mantine-color-scheme='dark']` (Mantine's dark palette and each
// component's dark look) never match: this PostCSS plugin leaves them out of the build, about 1 KB
// of render-blocking CSS on every page (docs/decisions/0059). A selector list keeps its other
// selectors; a rule or at-rule left empty goes. tests/unit/postcss-light-only.test.ts covers it.
const DARK = /\[data-mantine-color-scheme=(["']?)dark\1\]/

/** @type {import('postcss').PluginCreator<void>} */
const lightOnly = () => ({
  postcssPlugin: 'nightlight-light-only',
  OnceExit(root) {
    root.walkRules((rule) => {
      const kept = rule.selectors.filter((selector) => !DARK.test(selector))
      if (kept.length === 0) rule.remove()
      else if (kept.length < rule.selectors.length) rule.selectors = kept
    })
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) atRule.remove()
    })
  },
})
lightOnly.postcss = true

export default lightOnly
