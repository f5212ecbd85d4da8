// What the processes of the instances benchmark spent on the CPU during a measurement (Linux /proc),
// so that each row says how much CPU a request took in the instances and in PostgreSQL, and how idle
// the machine was: a throughput measured on a machine without idle time measures the machine.
import { readdirSync, readFileSync } from 'node:fs'
import { cpus } from 'node:os'

const TICKS_PER_SECOND = 100

/** User and system time of a process and all its threads, in seconds; 0 where it cannot be read. */
const processSeconds = (pid: number | string): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return 0
  }
}

const commandOf = (pid: string): string => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
  } catch {
    return ''
  }
}

export type CpuSnapshot = {
  readonly instances: number
  /** Per PostgreSQL process: backends come and go, and one that exits takes its time with it. */
  readonly postgres: ReadonlyMap<string, number>
  readonly idle: number
  readonly total: number
}

/** The CPU seconds of the given processes, of every `postgres` process, and of the machine (idle and all). */
export const cpuSnapshot = (instancePids: readonly number[]): CpuSnapshot => {
  const postgres = new Map<string, number>()
  for (const entry of readdirSync('/proc'))
    if (/^\d+$/.test(entry) && commandOf(entry) === 'postgres') postgres.set(entry, processSeconds(entry))
  let idle = 0
  let total = 0
  for (const { times } of cpus()) {
    idle += times.idle / 1000
    total += (times.user + times.nice + times.sys + times.idle + times.irq) / 1000
  }
  return { instances: instancePids.reduce((sum, pid) => sum + processSeconds(pid), 0), postgres, idle, total }
}

export type CpuSpent = { readonly instancesMs: number; readonly postgresMs: number; readonly idleShare: number }

/** CPU per request between two snapshots, and the machine's idle share meanwhile. */
export const cpuPerRequest = (before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuSpent => ({
  instancesMs: ((after.instances - before.instances) * 1000) / Math.max(1, requests),
  // The processes still there at the end (a backend gone meanwhile is missed, not counted negative).
  postgresMs:
    ([...after.postgres].reduce((sum, [pid, seconds]) => sum + seconds - (before.postgres.get(pid) ?? 0), 0) * 1000) /
    Math.max(1, requests),
  idleShare: (after.idle - before.idle) / Math.max(1e-9, after.total - before.total),
})
