// `npm start`: builds the web app when its bundle is missing, then runs the server from TypeScript
// source (tsx). `--demo` loads a synthetic population into a fresh database.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const webDist = join(root, 'web', 'dist', 'index.html')
const webPackage = join(root, 'web', 'package.json')
const hasBuildScript = existsSync(webPackage) && JSON.parse(readFileSync(webPackage, 'utf8')).scripts?.build !== undefined

// WEB_DIST names a bundle built elsewhere: nothing to build here.
if (process.env.WEB_DIST === undefined && !existsSync(webDist) && hasBuildScript) {
  console.log('Building the web app (web/dist is missing)…')
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) console.error('The web build failed; serving the API only.')
}

const env = { ...process.env, ...(process.argv.includes('--demo') ? { TANDEM_DEMO: '1' } : {}) }
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'adapters', 'server', 'src', 'main.ts')], { cwd: root, env, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)))
