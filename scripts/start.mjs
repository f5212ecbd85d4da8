// `npm start`: builds the web app when its bundle is missing, then runs the server from TypeScript
// source (tsx, a runtime dependency: decision 0007). `--demo` loads a synthetic population into a
// fresh database. A production install (`npm ci --omit=dev`) has no build tools: it needs the
// bundle built beforehand and stops with the command to run when it is missing.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const webDist = join(root, 'web', 'dist', 'index.html')
const webPackage = join(root, 'web', 'package.json')
const hasBuildScript = existsSync(webPackage) && JSON.parse(readFileSync(webPackage, 'utf8')).scripts?.build !== undefined
const hasBuildTools = existsSync(join(root, 'node_modules', 'vite', 'package.json'))

// WEB_DIST names a bundle built elsewhere: nothing to build here.
if (process.env.WEB_DIST === undefined && !existsSync(webDist) && hasBuildScript) {
  if (!hasBuildTools) {
    console.error(
      [
        'Tandem cannot start: web/dist is missing and this install has no build tools (installed without dev packages).',
        'Build the web app first, then remove the dev packages:',
        '  npm ci && npm run build && npm prune --omit=dev',
        'or point WEB_DIST at a built copy of web/dist.',
      ].join('\n'),
    )
    process.exit(1)
  }
  console.log('Building the web app (web/dist is missing)…')
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) console.error('The web build failed; serving the API only.')
}

const env = { ...process.env, ...(process.argv.includes('--demo') ? { TANDEM_DEMO: '1' } : {}) }
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'adapters', 'server', 'src', 'main.ts')], {
  cwd: root,
  env,
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)))
