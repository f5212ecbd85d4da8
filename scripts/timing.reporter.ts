// Where the test run's time goes: printed after every `vitest run` (and so at the end of CI), the
// wall time, each project's files and the summed time of its files, and the slowest files. Files of
// one project run side by side, so a project's sum can exceed the wall time.
import { performance } from 'node:perf_hooks'
import type { Reporter, TestModule } from 'vitest/node'

type FileTime = { readonly project: string; readonly file: string; readonly ms: number }

const SLOWEST = 15

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`

export default class TimingReporter implements Reporter {
  private started = performance.now()

  onTestRunStart(): void {
    this.started = performance.now()
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files: FileTime[] = modules.map((m) => ({
      project: m.project.name || '(root)',
      file: m.relativeModuleId,
      ms: m.diagnostic().duration,
    }))
    if (files.length === 0) return
    const projects = new Map<string, { files: number; ms: number }>()
    for (const f of files) {
      const p = projects.get(f.project) ?? { files: 0, ms: 0 }
      projects.set(f.project, { files: p.files + 1, ms: p.ms + f.ms })
    }
    const lines = [`\nWhere the time went (wall ${seconds(performance.now() - this.started)}):`, '  project       files   summed']
    for (const [name, p] of [...projects].sort((a, b) => b[1].ms - a[1].ms))
      lines.push(`  ${name.padEnd(12)} ${String(p.files).padStart(6)} ${seconds(p.ms).padStart(9)}`)
    lines.push(`  slowest ${SLOWEST} files:`)
    for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST))
      lines.push(`  ${seconds(f.ms).padStart(8)}  ${f.project}: ${f.file}`)
    process.stdout.write(lines.join('\n') + '\n')
  }
}
