module.exports = {
  plugins: {
    'postcss-preset-mantine': {
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
    },
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
}
