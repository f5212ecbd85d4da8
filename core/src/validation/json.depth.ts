// How deeply a parsed JSON value nests, measured without recursion, so that a hostile body cannot
// overflow the stack of the check meant to refuse it (docs/api.md, Limits).
import { JSON_DEPTH_MAX } from './limits.js'
import { fieldError, type FieldError } from '../messages.js'

/** Whether `value` nests objects and arrays more than `max` levels deep (a scalar is depth 0). */
export const nestsDeeperThan = (value: unknown, max: number): boolean => {
  const pending: { readonly value: unknown; readonly depth: number }[] = [{ value, depth: 0 }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue
    const depth = next.depth + 1
    if (depth > max) return true
    for (const child of Object.values(next.value)) if (child !== null && typeof child === 'object') pending.push({ value: child, depth })
  }
  return false
}

/** The whole body (`$`) refused with 'json-too-deep' when it nests deeper than JSON_DEPTH_MAX. */
export const jsonDepthErrors = (body: unknown): readonly FieldError[] =>
  nestsDeeperThan(body, JSON_DEPTH_MAX) ? [fieldError('$', 'json-too-deep', { max: JSON_DEPTH_MAX })] : []
