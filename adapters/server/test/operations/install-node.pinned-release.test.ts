// How CI gets its Node.js (.ci/install-node, docs/operations.md#nodejs): only a pinned release, only
// a tarball with the pinned integrity, nothing half-installed left behind, and no download when the
// release is already there. The real script runs against a stand-in `npm` first on PATH, which
// records its calls and packs a tarball of its own: no registry is asked.
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const SCRIPT = join(import.meta.dirname, '..', '..', '..', '..', '.ci', 'install-node')
const PLATFORM = process.arch === 'arm64' ? 'linux-arm64' : 'linux-x64'
const work = mkdtempSync(join(tmpdir(), 'tandem-install-node-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const executable = (path: string, text: string): void => {
  writeFileSync(path, text)
  chmodSync(path, 0o755)
}

/** A folder holding an `npm` whose `pack` writes a tarball with a `bin/node` that says `version`. */
const standInNpm = (name: string, version: string): { readonly bin: string; readonly calls: () => string } => {
  const bin = join(work, name, 'bin')
  const log = join(work, name, 'npm.log')
  const source = join(work, name, 'package')
  mkdirSync(join(source, 'bin'), { recursive: true })
  mkdirSync(join(source, 'include', 'node'), { recursive: true })
  writeFileSync(join(source, 'include', 'node', 'node.h'), '')
  executable(join(source, 'bin', 'node'), `#!/bin/sh\necho v${version}\n`)
  mkdirSync(bin, { recursive: true })
  executable(
    join(bin, 'npm'),
    [
      '#!/bin/sh',
      `echo "$*" >> '${log}'`,
      'while [ "$1" != "--pack-destination" ]; do shift; done',
      `tar -czf "$2/node-${PLATFORM}-${version}.tgz" -C '${join(work, name)}' package`,
    ].join('\n'),
  )
  return { bin, calls: () => (existsSync(log) ? readFileSync(log, 'utf8') : '') }
}

const installNode = (home: string, bin: string, line: string) =>
  spawnSync('bash', [SCRIPT, line], {
    encoding: 'utf8',
    env: { ...process.env, TANDEM_NODE_HOME: home, PATH: `${bin}:${process.env['PATH'] ?? ''}` },
  })

describe('installing the pinned Node.js for CI', () => {
  it('refuses a tarball whose integrity is not the pinned one and leaves nothing in the folder', () => {
    const home = join(work, 'home-tampered')
    const npm = standInNpm('tampered', '24.22.3')
    const run = installNode(home, npm.bin, '24')
    expect([run.status, run.stdout]).toEqual([1, ''])
    expect(run.stderr).toContain(`node-${PLATFORM}@24.22.3 has integrity sha512-`)
    expect(npm.calls()).toContain(`pack node-${PLATFORM}@24.22.3`)
    expect(readdirSync(home)).toEqual([])
  })

  it('prints the folder of a release installed before and downloads nothing', () => {
    const home = join(work, 'home-installed')
    const target = join(home, `node-v24.22.3-${PLATFORM}`)
    mkdirSync(join(target, 'bin'), { recursive: true })
    mkdirSync(join(target, 'include', 'node'), { recursive: true })
    writeFileSync(join(target, 'include', 'node', 'node.h'), '')
    executable(join(target, 'bin', 'node'), '#!/bin/sh\necho v24.22.3\n')
    const npm = standInNpm('unused', '24.22.3')
    const run = installNode(home, npm.bin, '24')
    expect([run.status, run.stdout.trim(), npm.calls()]).toEqual([0, target, ''])
  })

  it('downloads again over a folder that holds another release under the pinned name', () => {
    const home = join(work, 'home-broken')
    const target = join(home, `node-v22.23.5-${PLATFORM}`)
    mkdirSync(join(target, 'bin'), { recursive: true })
    executable(join(target, 'bin', 'node'), '#!/bin/sh\necho v22.0.0\n')
    const npm = standInNpm('again', '22.23.5')
    const run = installNode(home, npm.bin, '22')
    expect(npm.calls()).toContain(`pack node-${PLATFORM}@22.23.5`)
    // The stand-in's tarball is not the pinned one: refused, the old folder left as it was.
    expect(run.status).toBe(1)
    expect(readdirSync(home)).toEqual([`node-v22.23.5-${PLATFORM}`])
  })

  it('refuses a line or release that is not pinned, before downloading anything', () => {
    const npm = standInNpm('unpinned', '21.7.3')
    const run = installNode(join(work, 'home-unpinned'), npm.bin, '21')
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('Node.js 21 for')
    expect(run.stderr).toContain('is not pinned')
    expect(npm.calls()).toBe('')
  })
})
