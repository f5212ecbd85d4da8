// ESLint (flat config): the purity of the core (no clock, randomness, timers, process or crypto in
// core/src: time and chance come in as parameters from the adapters).
import tseslint from 'typescript-eslint'
import { corePurity } from './lint/core-purity.js'

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', 'data/', 'coverage/', 'test-results/'] },
  { files: ['core/src/**/*.ts'], languageOptions: { parser: tseslint.parser } },
  corePurity,
)
