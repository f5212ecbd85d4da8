import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ESLint, type Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// The core reads no clock, randomness, timers, process or crypto. The rules come from the real
// eslint.config.js as it applies to a core/src file; they are run here with the parser alone (no
// type information), which keeps this fast, over the real core/src and over planted reads.
const root = join(import.meta.dirname, '..', '..')
const PURITY_RULES = ['no-restricted-globals', 'no-restricted-properties', 'no-restricted-syntax']

let purity: ESLint

beforeAll(async () => {
  const applied = (await new ESLint({ cwd: root }).calculateConfigForFile(join(root, 'core/src/planted.ts'))) as Linter.Config
  const rules = Object.fromEntries(PURITY_RULES.map((name) => [name, applied.rules?.[name]]))
  purity = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules }],
  })
})

const problemsIn = async (code: string): Promise<readonly string[]> => {
  const [result] = await purity.lintText(code, { filePath: join(root, 'core/src/planted.ts') })
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`)
}

const READS: Readonly<Record<string, string>> = {
  'Date.now()': 'export const t = Date.now()',
  'new Date()': 'export const t = new Date()',
  'Date()': 'export const t = Date()',
  'Math.random()': 'export const r = Math.random()',
  setTimeout: 'setTimeout(() => undefined, 1)',
  setInterval: 'setInterval(() => undefined, 1)',
  setImmediate: 'setImmediate(() => undefined)',
  queueMicrotask: 'queueMicrotask(() => undefined)',
  'process.env': "export const v = process.env['TZ']",
  'process.hrtime': 'export const v = process.hrtime.bigint()',
  'crypto.randomUUID()': 'export const id = crypto.randomUUID()',
  'crypto.getRandomValues': 'export const b = crypto.getRandomValues(new Uint8Array(4))',
  'performance.now()': 'export const t = performance.now()',
  'globalThis.Date.now()': 'export const t = globalThis.Date.now()',
  "globalThis['setTimeout']": "export const s = globalThis['setTimeout']",
  'window.setTimeout': 'window.setTimeout(() => undefined, 1)',
}

describe('the purity of core/src', () => {
  it('holds for the core as it is', async () => {
    const files = readdirSync(join(root, 'core/src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))
    expect(files.length).toBeGreaterThan(10)
    const results = await purity.lintFiles(files.map((f) => join(root, 'core/src', f)))
    const problems = results.flatMap((r) =>
      r.messages.map((m) => `${relative(root, r.filePath)}:${m.line} ${m.ruleId ?? 'parse'}: ${m.message}`),
    )
    expect(problems).toEqual([])
  })

  for (const [read, code] of Object.entries(READS)) {
    it(`fails on a planted ${read}`, async () => {
      const problems = await problemsIn(code)
      expect(problems.length).toBeGreaterThan(0)
      expect(problems.every((p) => /^no-restricted-(globals|properties|syntax): .*core\/src is pure/.test(p))).toBe(true)
    })
  }

  it('leaves time and chance passed in as values alone', async () => {
    const code = [
      'export const at = (now: number) => new Date(now).toISOString()',
      'export const epoch = Date.UTC(2026, 0, 1)',
      'export const larger = Math.max(1, 2)',
      'export const named = (process: string) => process.length',
    ].join('\n')
    expect(await problemsIn(code)).toEqual([])
  })

  it('applies to core/src only', async () => {
    const server = (await new ESLint({ cwd: root }).calculateConfigForFile(join(root, 'adapters/server/src/planted.ts'))) as
      Linter.Config | undefined
    expect(PURITY_RULES.map((name) => server?.rules?.[name])).toEqual([undefined, undefined, undefined])
  })
})
