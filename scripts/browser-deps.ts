// `npm test` runs this first (pretest): the browser tests drive Debian's Chromium at
// /usr/bin/chromium. When it is missing, install it where the machine allows (root with apt-get,
// as on a fresh CI machine), else stop at once with the command to run, before any test fails.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

export const CHROMIUM = '/usr/bin/chromium'
/** Chromium renders text with it; without any font the accessibility and layout checks differ. */
export const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'
export const PACKAGES = ['chromium', 'fonts-dejavu-core'] as const

export type Machine = {
  readonly exists: (path: string) => boolean
  readonly isRoot: boolean
  /** Asked only when something is missing (a shell lookup costs time on every test run). */
  readonly hasAptGet: () => boolean
}

export type Decision =
  | { readonly _tag: 'Ready' }
  | { readonly _tag: 'Install'; readonly commands: readonly (readonly string[])[] }
  | { readonly _tag: 'Stop'; readonly message: string }

const APT_INSTALL = ['apt-get', 'install', '-y', '--no-install-recommends', ...PACKAGES]

export const decide = (machine: Machine): Decision => {
  const missing = [CHROMIUM, FONT].filter((path) => !machine.exists(path))
  if (missing.length === 0) return { _tag: 'Ready' }
  const what = `The browser tests need Chromium at ${CHROMIUM} and the DejaVu fonts (Debian packages ${PACKAGES.join(', ')}); missing: ${missing.join(', ')}.`
  if (machine.isRoot && machine.hasAptGet()) return { _tag: 'Install', commands: [['apt-get', 'update'], APT_INSTALL] }
  if (machine.hasAptGet())
    return { _tag: 'Stop', message: `${what}\nRun: sudo apt-get update && sudo ${APT_INSTALL.join(' ')}\nthen npm test again.` }
  return {
    _tag: 'Stop',
    message: `${what}\nThis machine has no apt-get: install Chromium so that ${CHROMIUM} runs it (and a DejaVu font at ${FONT}), then npm test again.`,
  }
}

const onPath = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0

const main = (): number => {
  const decision = decide({ exists: existsSync, isRoot: process.getuid?.() === 0, hasAptGet: () => onPath('apt-get') })
  if (decision._tag === 'Ready') return 0
  if (decision._tag === 'Stop') {
    console.error(decision.message)
    return 1
  }
  console.log(`Installing ${PACKAGES.join(', ')} for the browser tests…`)
  for (const [command = '', ...args] of decision.commands) {
    const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    if (run.status !== 0) {
      console.error(`\`${[command, ...args].join(' ')}\` failed; run it yourself, then npm test again.`)
      return 1
    }
  }
  return 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main()
