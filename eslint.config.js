// ESLint (flat config): type-aware typescript-eslint for every TypeScript file, the React hooks and
// accessibility rules for the web app, and the purity of the core (no clock, randomness, timers,
// process or crypto in core/src: time and chance come in as parameters from the adapters).
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import { corePurity } from './lint/core-purity.js'

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', 'data/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // the ports are asynchronous (Promise<Either<…>>) while the SQLite, in-memory and test
      // implementations answer synchronously: `async` there is the port's shape, not a forgotten
      // await (a forgotten await is caught by no-floating-promises and no-misused-promises)
      '@typescript-eslint/require-await': 'off',
      // the compiler's convention (noUnusedParameters): a leading underscore marks a name kept on
      // purpose, e.g. Express's four-argument error handler or a field dropped by a rest pattern
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // configuration and scripts in plain JavaScript run on Node and are not part of a tsconfig
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...nodeGlobals() } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
  },
  corePurity,
)

function nodeGlobals() {
  return Object.fromEntries(
    ['process', 'console', 'module', 'require', '__dirname', 'URL', 'setTimeout', 'clearTimeout'].map((name) => [name, 'readonly']),
  )
}
