// `npm run db:copy -- --from DATA_DIR --to postgres://… [--check-sign-in EMAIL]`: moves a stopped
// SQLite installation into an empty PostgreSQL database (db-copy.ts). The password for the sign-in
// check comes from TANDEM_CHECK_PASSWORD, or is asked for on the terminal without echo.
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import * as E from 'fp-ts/lib/Either.js'
import { copyInstallation } from './db-copy.js'

const usage = 'usage: npm run db:copy -- --from DATA_DIR --to postgres://USER:PASSWORD@HOST:PORT/DATABASE [--check-sign-in EMAIL]'

const askHidden = (question: string): Promise<string> =>
  new Promise((done) => {
    const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true })
    const output = terminal as unknown as { _writeToOutput: (text: string) => void }
    terminal.question(question, (answer) => {
      terminal.close()
      process.stdout.write('\n')
      done(answer)
    })
    output._writeToOutput = () => {}
  })

let values: { from?: string | undefined; to?: string | undefined; 'check-sign-in'?: string | undefined }
try {
  values = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, 'check-sign-in': { type: 'string' } },
    allowPositionals: false,
  }).values
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`)
  process.exit(2)
}
if (values.from === undefined || values.to === undefined) {
  console.error(usage)
  process.exit(2)
}
const email = values['check-sign-in']
const password = email === undefined ? undefined : (process.env['TANDEM_CHECK_PASSWORD'] ?? (await askHidden(`password of ${email}: `)))
// npm runs scripts in the project folder; DATA_DIR means what it meant where the operator typed it.
const dataDir = resolve(process.env['INIT_CWD'] ?? process.cwd(), values.from)
const result = await copyInstallation({
  dataDir,
  url: values.to,
  ...(email === undefined || password === undefined ? {} : { signIn: { email, password } }),
  onTable: (table, rows) => console.log(`  ${table}: ${rows} rows, verified`),
})
if (E.isLeft(result)) {
  console.error(`copy refused: ${result.left}`)
  process.exit(1)
}
const total = result.right.tables.reduce((sum, t) => sum + t.rows, 0)
console.log(`copied ${dataDir} into PostgreSQL: ${result.right.tables.length} tables, ${total} rows, each verified`)
if (result.right.signedIn !== null) console.log(`${result.right.signedIn} signs in with the given password`)
