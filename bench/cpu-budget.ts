// A CPU budget for one benchmark process: a control group with a CPU quota (cgroup v2 `cpu.max`, or
// v1 `cpu.cfs_quota_us`). The instances benchmark gives each server instance the same budget, as if
// each ran on a machine of its own, so that two instances on a machine with few cores are not
// limited by the cores they share with the database and the load generator. Within its quota the
// group also has a high CPU weight (`cpu.weight`, v1 `cpu.shares`): on a machine of its own nothing
// else takes an instance's core in the middle of a request, while here a database backend woken by
// the instance's own query would (measured on an instance's main thread with two instances: 9–11
// preemptions per start matching, 3–5.6 with the weight; decision 0022). Needs root and a writable
// cgroup file system; where either is missing the budget is not created and the benchmark says so
// instead of printing a figure.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export type CpuBudget = {
  /** Moves every thread of the process into the budget. */
  readonly add: (pid: number) => void
  /** Removes the group; call it once the processes in it have exited. */
  readonly dispose: () => void
}

/** A short period, so a throttled instance pauses for a few milliseconds at a time, not a tenth of a second. */
const PERIOD_US = 10_000

/** 64 times the default weight (v2 100, v1 1024): the quota still caps the group, others run when it waits. */
const WEIGHT_V2 = 6400
const SHARES_V1 = 65_536

const v2Root = '/sys/fs/cgroup'
const v1Root = '/sys/fs/cgroup/cpu'

const tryWrite = (file: string, text: string): boolean => {
  try {
    writeFileSync(file, text)
    return true
  } catch {
    return false
  }
}

const withV2 = (name: string, cores: number): CpuBudget | undefined => {
  const controllers = join(v2Root, 'cgroup.controllers')
  if (!existsSync(controllers) || !readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu')) return undefined
  if (!readFileSync(join(v2Root, 'cgroup.subtree_control'), 'utf8').includes('cpu'))
    if (!tryWrite(join(v2Root, 'cgroup.subtree_control'), '+cpu')) return undefined
  const dir = join(v2Root, name)
  try {
    mkdirSync(dir, { recursive: true })
  } catch {
    return undefined
  }
  if (!tryWrite(join(dir, 'cpu.max'), `${Math.round(cores * PERIOD_US)} ${PERIOD_US}`)) return undefined
  if (!tryWrite(join(dir, 'cpu.weight'), String(WEIGHT_V2))) return undefined
  return {
    add: (pid) => writeFileSync(join(dir, 'cgroup.procs'), String(pid)),
    dispose: () => rmdirSafe(dir),
  }
}

const withV1 = (name: string, cores: number): CpuBudget | undefined => {
  if (!existsSync(join(v1Root, 'cpu.cfs_quota_us'))) return undefined
  const dir = join(v1Root, name)
  try {
    mkdirSync(dir, { recursive: true })
  } catch {
    return undefined
  }
  if (!tryWrite(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US))) return undefined
  if (!tryWrite(join(dir, 'cpu.cfs_quota_us'), String(Math.round(cores * PERIOD_US)))) return undefined
  if (!tryWrite(join(dir, 'cpu.shares'), String(SHARES_V1))) return undefined
  return {
    add: (pid) => writeFileSync(join(dir, 'cgroup.procs'), String(pid)),
    dispose: () => rmdirSafe(dir),
  }
}

const rmdirSafe = (dir: string): void => {
  try {
    rmdirSync(dir)
  } catch {
    // a process is still in it: the group stays until the machine restarts; harmless
  }
}

/** A budget of `cores` CPU cores for the processes added to it, or undefined where this machine allows none. */
export const createCpuBudget = (name: string, cores: number): CpuBudget | undefined =>
  process.platform === 'linux' && process.getuid?.() === 0 ? (withV2(name, cores) ?? withV1(name, cores)) : undefined
