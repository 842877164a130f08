import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import regexp from 'eslint-plugin-regexp'
import tseslint from 'typescript-eslint'
import areaDoors from './eslint/area-doors.js'

// Imports run one way: routes → components → utils and schemas → domain → db (decision 0021).
// These match an import of a top-level app/ folder written with ~/ or climbing out of the
// importing folder with ../ (the domain and utils import relatively).
const appFolder = (...folders) => `^(~/|(\\.\\./)+)(${folders.join('|')})(/|$)`
// app/root.tsx. Below the root, only its loader's type may be imported (app/utils/root-data.ts).
const appRoot = '^(~/|(\\.\\./)+)root(\\.tsx)?$'
const noRoutes = { regex: appFolder('routes', 'api'), message: 'Routes and the /_api calls sit on top: nothing below them imports one.' }
const rootTypeOnly = {
  regex: appRoot,
  allowTypeImports: true,
  message: "Use useRootData from ~/utils/root-data; below the root only the root loader's type may be imported.",
}

// A refusal is branched on by its typed code, never by the words of its message (issue 12).
const messageComparisons = ['left', 'right'].map((side) => ({
  selector: `BinaryExpression[operator=/^[!=]==?$/][${side}.type='MemberExpression'][${side}.property.name='message'][${side === 'left' ? 'right' : 'left'}.type='Literal']`,
  message: 'Branch on a typed code, not on the words of a message.',
}))

export default tseslint.config(
  { ignores: ['build/**', 'build-*/**', 'node_modules/**', '.data/**', '.cache/**', 'test-results/**', 'playwright-report/**', 'drizzle/meta/**', 'bench/bare-remix/build/**'] },
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
    // Routes are adapters: no Drizzle and no database in route modules (docs/architecture.md), and
    // no code from app/root.tsx (its data comes through useRootData). A form is read with parseForm
    // (app/utils/forms.server.ts), never Conform's parseWithZod, which echoes every name it is sent
    // (issue 33, docs/decisions/0043). The /_api calls (app/api) are routes too.
    files: ['app/routes/**/*.{ts,tsx}', 'app/api/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@conform-to/zod', '@conform-to/zod/v4', '@conform-to/zod/v3'].map((name) => ({
            name,
            importNames: ['parseWithZod'],
            message: "Read a form with parseForm from '~/utils/forms.server': it drops names the schema does not know and bounds lists.",
          })),
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Routes call domain functions; Drizzle lives in app/domain.' },
            { group: ['~/db/*', '../db/*'], message: 'Routes call domain functions, not the database.' },
            rootTypeOnly,
          ],
        },
      ],
    },
  },
  {
    // The domain is plain TypeScript: no Remix, React or Mantine (docs/architecture.md). It sits
    // below everything but the database: no routes, components, utils or root. Schemas import the
    // domain's constants and rules; the domain may take only a schema's input type (z.infer) from
    // them, with `import type`, which leaves no import at run time.
    files: ['app/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@remix-run/*', 'react', 'react-dom', '@mantine/*'], message: 'Keep the domain free of UI and framework code.' },
            { regex: appFolder('routes', 'api', 'components', 'utils'), message: 'The domain sits below routes, the /_api calls, components and utils: it may not import them.' },
            { regex: appRoot, message: 'The domain may not import app/root.tsx.' },
            {
              regex: appFolder('schemas'),
              allowTypeImports: true,
              message: "Schemas import the domain, not the other way round: move the constant into the domain (a schema's input type may be imported with `import type`).",
            },
          ],
        },
      ],
    },
  },
  {
    // An area of the domain imports another area's files only through its door, the list of files
    // app/domain/doors.json declares for it (docs/decisions/0057); `import type` is not checked.
    // Routes, components and utils above the domain may import any of its files.
    files: ['app/domain/**/*.ts'],
    ignores: ['app/domain/**/*.test.ts'],
    plugins: { 'area-doors': areaDoors },
    rules: { 'area-doors/doors': 'error' },
  },
  {
    // Components sit below routes and above utils, schemas and the domain.
    files: ['app/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noRoutes, rootTypeOnly] }],
    },
  },
  {
    // Utils and schemas sit below routes and components, above the domain.
    files: ['app/utils/**/*.{ts,tsx}', 'app/schemas/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            noRoutes,
            rootTypeOnly,
            { regex: appFolder('components'), message: 'Utils and schemas sit below components: move what both need down here or into the domain.' },
          ],
        },
      ],
    },
  },
  {
    // The database layer is the bottom: it imports nothing of the app above it.
    files: ['app/db/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: appFolder('domain', 'routes', 'components', 'utils', 'schemas', 'demo', 'root'),
              message: 'app/db is the bottom layer: the domain and everything above it import it, never the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    // Links are the app's <Link> (app/components/link.tsx): Remix's draws a path of this site at
    // several times the cost (docs/decisions/0040); ours hands anything else to Remix's.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/components/link.tsx', 'app/components/link.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@remix-run/react', importNames: ['Link'], message: "Import { Link } from '~/components/link'." }] },
      ],
    },
  },
  {
    // No regular expression of the app or its server may take time growing faster than its input
    // (issue 33, docs/decisions/0043): one long message or field must not stall every request.
    files: ['app/**/*.{ts,tsx}', 'server/**/*.js', 'server.js'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    // A refusal is branched on by its typed code, never by the words of its message (issue 12):
    // messages are for people and change; codes are the contract between domain and adapters.
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...messageComparisons],
    },
  },
  {
    // A page action reads its form with parseForm (app/utils/forms.server.ts, docs/decisions/0054):
    // one bounded Conform parse, the schema's own messages, a reply that echoes only its fields. A
    // form's data handed to a schema's safeParse is the hand-rolled way it replaces. Path
    // parameters and query strings may still be read with safeParse.
    files: ['app/routes/**/*.{ts,tsx}', 'app/api/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...messageComparisons,
        {
          selector:
            "CallExpression[callee.property.name='safeParse'] :matches(Identifier[name=/^(formData|fields)$/], CallExpression[callee.name='readFormData'], CallExpression[callee.property.name='formData'])",
          message: "Read a form with parseForm from '~/utils/forms.server' (and firstError for a one-line answer), not with a schema's safeParse.",
        },
      ],
    },
  },
)
