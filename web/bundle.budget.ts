// The first-download budget of the participant app: the JavaScript the built index.html loads
// before any lazy route (entry script and its module preloads), gzip-compressed, at most 250 KiB.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export const INITIAL_JS_BUDGET_BYTES = 250 * 1024

export type BundleReport = {
  readonly initial: readonly { readonly file: string; readonly gzipBytes: number }[]
  readonly initialGzipBytes: number
  readonly lazy: readonly { readonly file: string; readonly gzipBytes: number }[]
}

const gzipSize = (path: string): number => gzipSync(readFileSync(path), { level: 9 }).length

export const measureBundle = (dist: string): BundleReport => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const initialFiles = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((m) => m[1] as string)
  const initial = initialFiles.map((file) => ({ file, gzipBytes: gzipSize(join(dist, file)) }))
  const lazy = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !initialFiles.includes(`assets/${f}`))
    .map((f) => ({ file: `assets/${f}`, gzipBytes: gzipSize(join(dist, 'assets', f)) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
  return { initial, initialGzipBytes: initial.reduce((sum, f) => sum + f.gzipBytes, 0), lazy }
}

export const formatKiB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`
