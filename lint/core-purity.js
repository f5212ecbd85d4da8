// The core is a pure function of its inputs (docs/product.md#core-purity): it reads no clock, no randomness, no
// timers, no process state and no crypto; the adapters pass `now` and anything random in. These
// rules apply to core/src only; lint/test/core-purity.test.ts plants each kind of read and expects them.

const WHY = 'core/src is pure: take the time, randomness or scheduling as a parameter from the adapter'

/** Ambient globals the core must not touch (also the ways to reach the others: globalThis, window, …). */
const FORBIDDEN_GLOBALS = [
  'process',
  'crypto',
  'performance',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'queueMicrotask',
  'requestAnimationFrame',
  'requestIdleCallback',
  'globalThis',
  'global',
  'window',
  'self',
]

/** @type {import('eslint').Linter.Config} */
export const corePurity = {
  files: ['core/src/**/*.ts'],
  rules: {
    'no-restricted-globals': ['error', ...FORBIDDEN_GLOBALS.map((name) => ({ name, message: WHY }))],
    'no-restricted-properties': [
      'error',
      { object: 'Date', property: 'now', message: WHY },
      { object: 'Math', property: 'random', message: WHY },
    ],
    'no-restricted-syntax': [
      'error',
      { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: `${WHY} (new Date() reads the clock)` },
      { selector: "CallExpression[callee.name='Date']", message: `${WHY} (Date() reads the clock)` },
    ],
  },
}
