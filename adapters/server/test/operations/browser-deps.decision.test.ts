// What `npm test` does first about the browser tests' Chromium and the PostgreSQL tests' server
// (scripts/browser-deps.ts, the pretest step): nothing when they are there, install what is missing
// as root with apt-get, else stop at once with the command to run.
import { describe, expect, it } from 'vitest'
import { CHROMIUM, decide, FONT, type Machine } from '../../../../scripts/browser-deps.js'

const machine = (
  present: readonly string[],
  isRoot: boolean,
  hasAptGet: boolean,
  hasPostgres = true,
): Machine & { aptAsked: () => boolean } => {
  let asked = false
  return {
    exists: (path) => present.includes(path),
    hasPostgres: () => hasPostgres,
    isRoot,
    hasAptGet: () => {
      asked = true
      return hasAptGet
    },
    aptAsked: () => asked,
  }
}

describe('the browser test dependencies before npm test', () => {
  it('does nothing when Chromium and the fonts are there, without even looking for apt-get', () => {
    const m = machine([CHROMIUM, FONT], false, false)
    expect(decide(m)).toEqual({ _tag: 'Ready' })
    expect(m.aptAsked()).toBe(false)
  })

  it('installs chromium and fonts-dejavu-core as root with apt-get', () => {
    expect(decide(machine([], true, true))).toEqual({
      _tag: 'Install',
      packages: ['chromium', 'fonts-dejavu-core'],
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'],
      ],
    })
    expect(decide(machine([CHROMIUM], true, true))._tag).toBe('Install')
  })

  it('stops with the exact sudo command when apt-get is there but the user is not root', () => {
    const decision = decide(machine([FONT], false, true))
    expect(decision._tag).toBe('Stop')
    expect(decision._tag === 'Stop' ? decision.message : '').toContain('missing: /usr/bin/chromium.')
    expect(decision._tag === 'Stop' ? decision.message : '').toContain(
      'Run: sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium fonts-dejavu-core',
    )
  })

  it('stops and names the path the tests use when the machine has no apt-get, root or not', () => {
    for (const isRoot of [true, false]) {
      const decision = decide(machine([], isRoot, false))
      expect(decision._tag).toBe('Stop')
      expect(decision._tag === 'Stop' ? decision.message : '').toContain('no apt-get: install Chromium so that /usr/bin/chromium runs it')
    }
  })

  it('installs postgresql alone as root when only the PostgreSQL server is missing', () => {
    expect(decide(machine([CHROMIUM, FONT], true, true, false))).toEqual({
      _tag: 'Install',
      packages: ['postgresql'],
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', '--no-install-recommends', 'postgresql'],
      ],
    })
  })

  it('installs the browser packages and postgresql in one go on a fresh machine', () => {
    const decision = decide(machine([], true, true, false))
    expect(decision._tag === 'Install' ? decision.commands[1] : []).toEqual([
      'apt-get',
      'install',
      '-y',
      '--no-install-recommends',
      'chromium',
      'fonts-dejavu-core',
      'postgresql',
    ])
  })

  it('names the missing PostgreSQL server and the command when it cannot install it', () => {
    const withApt = decide(machine([CHROMIUM, FONT], false, true, false))
    expect(withApt._tag === 'Stop' ? withApt.message : '').toContain('missing: /usr/lib/postgresql/<version>/bin/initdb.')
    expect(withApt._tag === 'Stop' ? withApt.message : '').toContain(
      'Run: sudo apt-get update && sudo apt-get install -y --no-install-recommends postgresql',
    )
    expect(withApt._tag === 'Stop' ? withApt.message : '').not.toContain('Chromium')
    const withoutApt = decide(machine([CHROMIUM, FONT], true, false, false))
    expect(withoutApt._tag === 'Stop' ? withoutApt.message : '').toContain(
      'no apt-get: install PostgreSQL so that /usr/lib/postgresql/<version>/bin holds initdb and pg_ctl',
    )
  })
})
