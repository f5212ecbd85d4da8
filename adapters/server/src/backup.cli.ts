// The operator's commands on the data folder (DATA_DIR, as the server reads it):
// `npm run backup -- PATH` and `npm run restore -- PATH`. Exit code 0 only when the work is done.
import { resolve } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { takeBackup } from './backup.js'
import { dataDirFrom } from './data-folder.js'
import { restoreBackup } from './restore.js'

const [command, path] = process.argv.slice(2)
const usage = 'usage: npm run backup -- PATH | npm run restore -- PATH'
if ((command !== 'backup' && command !== 'restore') || path === undefined || path.trim() === '') {
  console.error(usage)
  process.exit(2)
}
// npm runs scripts in the project folder; PATH means what it meant where the operator typed it.
const where = resolve(process.env['INIT_CWD'] ?? process.cwd(), path)
const dataDir = dataDirFrom(process.env)
// With DATABASE_URL the data is in PostgreSQL: a copy of the data folder would hold none of it.
if ((process.env['DATABASE_URL'] ?? '').trim() !== '') {
  console.error(
    `${command} refused: the data is in PostgreSQL (DATABASE_URL), not in ${dataDir}; ` +
      'back it up with pg_dump and restore it with pg_restore (docs/operations.md, "Backups on PostgreSQL")',
  )
  process.exit(1)
}

if (command === 'backup') {
  const result = await takeBackup(dataDir, where)
  if (E.isLeft(result)) {
    console.error(`backup refused: ${result.left}`)
    process.exit(1)
  }
  console.log(`backed up ${dataDir} to ${where}: ${result.right.files.map((f) => f.name).join(', ')}`)
} else {
  const result = restoreBackup(dataDir, where)
  if (E.isLeft(result)) {
    console.error(`restore refused: ${result.left}`)
    process.exit(1)
  }
  const aside = result.right.replacedFolder === null ? '' : `; the replaced files are in ${result.right.replacedFolder}`
  console.log(`restored ${dataDir} from the backup of ${result.right.backupCreatedAt} (${result.right.files.join(', ')})${aside}`)
}
