import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build/**', 'build-*/**', 'node_modules/**', '.data/**', '.cache/**', 'test-results/**', 'playwright-report/**', 'drizzle/meta/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Mantine's `autoFocus` on dialogs is deliberate focus management.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    // Routes are adapters: no Drizzle and no database in route modules (STYLE.md rule 1).
    files: ['app/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Routes call domain functions; Drizzle lives in app/domain.' },
            { group: ['~/db/*', '../db/*'], message: 'Routes call domain functions, not the database.' },
          ],
        },
      ],
    },
  },
  {
    // The domain is plain TypeScript: no Remix, React or Mantine (STYLE.md rule 2).
    files: ['app/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@remix-run/*', 'react', 'react-dom', '@mantine/*'], message: 'Keep the domain free of UI and framework code.' }] },
      ],
    },
  },
)
