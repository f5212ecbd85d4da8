// Where Debian's PostgreSQL server programs live: /usr/lib/postgresql/<major>/bin, one folder per
// installed major version. The newest with an initdb wins, so a machine with 15 or 16 both works.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

export const DEBIAN_POSTGRESQL_ROOT = '/usr/lib/postgresql'

/** The bin folder of the newest installed PostgreSQL major version, or undefined when none is. */
export const findPostgresBin = (root: string = DEBIAN_POSTGRESQL_ROOT): string | undefined => {
  if (!existsSync(root)) return undefined
  return readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
    .map((name) => join(root, name, 'bin'))[0]
}
