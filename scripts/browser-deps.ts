// `npm test` runs this first (pretest): the browser tests drive Debian's Chromium at
// /usr/bin/chromium and the PostgreSQL tests start Debian's PostgreSQL server
// (/usr/lib/postgresql/<version>/bin). When one is missing, install it where the machine allows
// (root with apt-get, as on a fresh CI machine), else stop at once with the command to run, before
// any test fails.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { DEBIAN_POSTGRESQL_ROOT, findPostgresBin } from '../testing/src/postgres.binaries.js'

export const CHROMIUM = '/usr/bin/chromium'
/** Chromium renders text with it; without any font the accessibility and layout checks differ. */
export const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'
export const PACKAGES = ['chromium', 'fonts-dejavu-core'] as const
/** Debian's package of the current PostgreSQL major version, with initdb and pg_ctl. */
export const POSTGRESQL_PACKAGE = 'postgresql'

export type Machine = {
  readonly exists: (path: string) => boolean
  /** Whether some /usr/lib/postgresql/<version>/bin/initdb exists. */
  readonly hasPostgres: () => boolean
  readonly isRoot: boolean
  /** Asked only when something is missing (a shell lookup costs time on every test run). */
  readonly hasAptGet: () => boolean
}

export type Decision =
  | { readonly _tag: 'Ready' }
  | { readonly _tag: 'Install'; readonly packages: readonly string[]; readonly commands: readonly (readonly string[])[] }
  | { readonly _tag: 'Stop'; readonly message: string }

export const decide = (machine: Machine): Decision => {
  const missingBrowser = [CHROMIUM, FONT].filter((path) => !machine.exists(path))
  const missingPostgres = !machine.hasPostgres()
  if (missingBrowser.length === 0 && !missingPostgres) return { _tag: 'Ready' }
  const packages = [...(missingBrowser.length > 0 ? PACKAGES : []), ...(missingPostgres ? [POSTGRESQL_PACKAGE] : [])]
  const install = ['apt-get', 'install', '-y', '--no-install-recommends', ...packages]
  const what = [
    ...(missingBrowser.length > 0
      ? [
          `The browser tests need Chromium at ${CHROMIUM} and the DejaVu fonts (Debian packages ${PACKAGES.join(', ')}); missing: ${missingBrowser.join(', ')}.`,
        ]
      : []),
    ...(missingPostgres
      ? [
          `The PostgreSQL tests need a PostgreSQL server (Debian package ${POSTGRESQL_PACKAGE}); missing: ${DEBIAN_POSTGRESQL_ROOT}/<version>/bin/initdb.`,
        ]
      : []),
  ].join('\n')
  if (machine.isRoot && machine.hasAptGet()) return { _tag: 'Install', packages, commands: [['apt-get', 'update'], install] }
  if (machine.hasAptGet())
    return { _tag: 'Stop', message: `${what}\nRun: sudo apt-get update && sudo ${install.join(' ')}\nthen npm test again.` }
  const steps = [
    ...(missingBrowser.length > 0 ? [`Chromium so that ${CHROMIUM} runs it (and a DejaVu font at ${FONT})`] : []),
    ...(missingPostgres ? [`PostgreSQL so that ${DEBIAN_POSTGRESQL_ROOT}/<version>/bin holds initdb and pg_ctl`] : []),
  ]
  return { _tag: 'Stop', message: `${what}\nThis machine has no apt-get: install ${steps.join(', and ')}, then npm test again.` }
}

const onPath = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0

const main = (): number => {
  const decision = decide({
    exists: existsSync,
    hasPostgres: () => findPostgresBin() !== undefined,
    isRoot: process.getuid?.() === 0,
    hasAptGet: () => onPath('apt-get'),
  })
  if (decision._tag === 'Ready') return 0
  if (decision._tag === 'Stop') {
    console.error(decision.message)
    return 1
  }
  console.log(`Installing ${decision.packages.join(', ')} for the tests…`)
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
