// `npm test`: the type checks and the lint (`npm run checks`) run beside the vitest projects instead
// of before them. The suites spend much of their time waiting (for Chromium, a server process,
// PostgreSQL), so two workers leave part of the cores idle; the checks run at a lower CPU priority
// (nice 10) and fill it. Their output is printed as a block after the suites, and `npm test` fails
// when either fails. Arguments go to vitest: `npm test -- --project core`.
import { spawn } from 'node:child_process'

type Finished = { readonly code: number; readonly output: string }

const run = (command: string, args: readonly string[], captured: boolean): Promise<Finished> =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: captured ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    const chunks: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.on('error', (error) => resolve({ code: 1, output: `${command}: ${error.message}\n` }))
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal === null ? 1 : 128), output: Buffer.concat(chunks).toString('utf8') }),
    )
  })

const started = Date.now()
const checks = run('nice', ['-n', '10', 'npm', 'run', '--silent', 'checks'], true).then((done) => {
  console.log(
    `\n[npm test] type checks and lint finished in ${((Date.now() - started) / 1000).toFixed(0)} s: ${done.code === 0 ? 'passed' : 'FAILED'}\n`,
  )
  return done
})
const suites = run('npx', ['vitest', 'run', ...process.argv.slice(2)], false)
const [checked, tested] = await Promise.all([checks, suites])

console.log('\n## npm run checks (type checks and lint)\n')
process.stdout.write(checked.output)
console.log(
  `\n[npm test] checks ${checked.code === 0 ? 'passed' : `failed (exit ${checked.code})`}, suites ${tested.code === 0 ? 'passed' : `failed (exit ${tested.code})`}`,
)
process.exit(checked.code !== 0 ? checked.code : tested.code)
