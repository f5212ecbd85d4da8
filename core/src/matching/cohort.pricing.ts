// Dual prices from the solver's potentials, and a last look at them before they leave the solver:
// every kept pair covered, assigned pairs tight, every mentee's price at or above its row's floor
// (which covers the pairs left out, see CohortRows). The tests check the certificate independently.
import type { CohortRows } from './cohort.edges.js'
import type { FlowState } from './cohort.flow.js'

export type Prices = { readonly mentee: Float64Array; readonly mentor: Float64Array }

export const pricesOf = (state: FlowState): Prices => {
  const n = state.rows.mentees
  const mentee = new Float64Array(n)
  const mentor = new Float64Array(state.mentors)
  for (let i = 0; i < n; i++) mentee[i] = Math.max(0, state.potential[i]!)
  for (let j = 0; j < state.mentors; j++) mentor[j] = Math.max(0, -state.potential[n + j]!)
  return { mentee, mentor }
}

/** The first way the prices fail the solver's own invariants, or null; `poll` as elsewhere. */
export const priceProblem = (rows: CohortRows, state: FlowState, prices: Prices): string | null => {
  const { start, end, mentor, weight, floor } = rows
  let leastMentor = Number.POSITIVE_INFINITY
  for (let j = 0; j < state.mentors; j++) if (state.places[j]! > 0) leastMentor = Math.min(leastMentor, prices.mentor[j]!)
  for (let i = 0; i < rows.mentees; i++) {
    const u = prices.mentee[i]!
    if (u < floor[i]! && u + leastMentor < rows.cap[i]!) return `mentee ${i}: price ${u} below its floor ${floor[i]}`
    for (let e = start[i]!; e < end[i]!; e++) {
      const j = mentor[e]!
      const slack = u + prices.mentor[j]! - weight[e]!
      if (slack < 0 || (state.mentorOf[i] === j && slack !== 0)) return `mentee ${i}, mentor ${j}: slack ${slack}`
    }
  }
  return null
}
