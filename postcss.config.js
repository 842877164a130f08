import presetMantine from 'postcss-preset-mantine'
import simpleVars from 'postcss-simple-vars'
import lightOnly from './postcss-light-only.js'

export default {
  plugins: [
    presetMantine({
      mixins: {
        // `@mixin visually-hidden;`: out of sight but still read by screen readers, for what a
        // stylesheet hides (a component can use Mantine's <VisuallyHidden> instead).
        'visually-hidden': {
          position: 'absolute',
          width: '1px',
          height: '1px',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          'white-space': 'nowrap',
        },
      },
    }),
    simpleVars({
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    }),
    // Last: the dark scheme's rules, Mantine's and the mixins' above, leave the build.
    lightOnly(),
  ],
}
