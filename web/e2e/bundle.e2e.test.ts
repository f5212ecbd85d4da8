// The participant app's first download stays within its budget (ARCHITECTURE §4, issue item 8).
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { ensureBuilt } from './support/harness.js'
import { INITIAL_JS_BUDGET_BYTES, measureBundle } from '../bundle.budget.js'

describe('bundle budget', () => {
  it('loads at most 250 KiB of gzip-compressed JavaScript before any lazy route', async () => {
    await ensureBuilt()
    const report = measureBundle(join(import.meta.dirname, '../dist'))
    expect(report.initial.length).toBeGreaterThan(0)
    expect(report.initialGzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES)
  })

  it('keeps the admin screens and the questionnaire out of the first download', async () => {
    await ensureBuilt()
    const report = measureBundle(join(import.meta.dirname, '../dist'))
    const initialNames = report.initial.map((f) => f.file).join(' ')
    expect(initialNames).not.toMatch(/AdminRoutes|QuestionnairePage|Dashboard/)
    expect(report.lazy.some((f) => f.file.includes('AdminRoutes'))).toBe(true)
  })
})
