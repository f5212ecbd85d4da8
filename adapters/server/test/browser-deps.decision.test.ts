// What `npm test` does first about the browser tests' Chromium (scripts/browser-deps.ts, the
// pretest step): nothing when it is there, install it as root with apt-get, else stop at once with
// the command to run.
import { describe, expect, it } from 'vitest'
import { CHROMIUM, decide, FONT, type Machine } from '../../../scripts/browser-deps.js'

const machine = (present: readonly string[], isRoot: boolean, hasAptGet: boolean): Machine & { aptAsked: () => boolean } => {
  let asked = false
  return {
    exists: (path) => present.includes(path),
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
})
