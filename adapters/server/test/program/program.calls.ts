// How the whole-program model calls the real server: every call is held to "no 5xx, ever" and
// "no 409 unless another actor changed something" (one command runs at a time, so never).
import type { Harness, Person, Reply } from '../support/harness.js'

export type ProgramReal = {
  readonly h: Harness
  readonly statusMaster: readonly { id: number; name: string }[]
  /** Command kinds and invariants left out while looking past a known defect (MODEL_LEAVE_OUT). */
  readonly leaveOut: readonly string[]
}

export const callChecked = async <T = unknown>(
  real: ProgramReal,
  who: Person | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Reply<T>> => {
  const reply = await real.h.call<T>(who, method, path, body)
  if (reply.status >= 500) throw new Error(`${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`)
  if (reply.status === 409)
    throw new Error(`${method} ${path} answered 409 though no other actor changed anything: ${JSON.stringify(reply.body)}`)
  return reply
}

export const expectSuccess = (reply: Reply, what: string): void => {
  if (reply.status !== 200 || reply.body.isSuccess !== true)
    throw new Error(`${what}: expected 200, got ${reply.status} ${JSON.stringify(reply.body)}`)
}
