// Finding Debian's PostgreSQL server programs: the newest major version with an initdb, none when
// no version folder has one.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findPostgresBin } from '../src/index.js'

let root: string
const install = (version: string, withInitdb: boolean) => {
  mkdirSync(join(root, version, 'bin'), { recursive: true })
  if (withInitdb) writeFileSync(join(root, version, 'bin', 'initdb'), '')
}
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tandem-pgroot-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('the PostgreSQL server programs', () => {
  it('are those of the newest major version that has an initdb (16 over 9, numerically)', () => {
    install('9', true)
    install('15', true)
    install('16', true)
    install('17', false)
    expect(findPostgresBin(root)).toBe(join(root, '16', 'bin'))
  })

  it('are not found when no version folder holds an initdb, or the root is missing', () => {
    install('15', false)
    expect(findPostgresBin(root)).toBeUndefined()
    expect(findPostgresBin(join(root, 'nowhere'))).toBeUndefined()
  })
})
