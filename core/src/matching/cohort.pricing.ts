// Dual prices from the solver's potentials, and the check that makes the sparse graph exact: a left-
// out pair matters only if its weight exceeds the two prices. A mentee whose price already covers its
// best left-out score (plus the cheapest mentor price) needs no look; the others are rescored.
import type { CandidateEdges, CohortFrame } from './cohort.edges.js'
import { markExcluded } from './cohort.edges.js'
import type { CohortGraph, FlowSolution } from './cohort.flow.js'

export type Prices = { readonly mentee: Float64Array; readonly mentor: Float64Array }

export const pricesOf = (graph: CohortGraph, solution: FlowSolution): Prices => {
  const mentee = new Float64Array(graph.mentees)
  const mentor = new Float64Array(graph.mentors)
  for (let i = 0; i < graph.mentees; i++) mentee[i] = Math.max(0, solution.potential[i]!)
  for (let j = 0; j < graph.mentors; j++) mentor[j] = Math.max(0, -solution.potential[graph.mentees + j]!)
  return { mentee, mentor }
}

/** A candidate pair the prices do not cover: it must join the graph. */
export type Violation = { readonly row: number; readonly column: number; readonly weight: number }

export type PricingOutcome = { readonly violations: readonly Violation[]; readonly rescored: number }

export const findViolations = (frame: CohortFrame, edges: CandidateEdges, prices: Prices, addPerMentee: number, poll: (fraction: number) => boolean): PricingOutcome | null => {
  const n = frame.menteeAnswers.length
  const m = frame.mentors
  let cheapest = Number.POSITIVE_INFINITY
  for (let j = 0; j < m; j++) if (frame.places[j]! > 0) cheapest = Math.min(cheapest, prices.mentor[j]!)
  const out = new Int32Array(m)
  const stamp = new Int32Array(m)
  const violations: Violation[] = []
  let rescored = 0
  for (let i = 0; i < n; i++) {
    if ((i & 63) === 0 && poll(i / n)) return null
    const cut = edges.cut[i]!
    if (cut < 0) continue
    const u = prices.mentee[i]!
    if (cut + frame.bonus - u <= cheapest) continue
    rescored++
    frame.scorer.scoreRow(frame.menteeAnswers[i]!, out)
    markExcluded(frame, i, stamp)
    // The most violated pairs of this mentee, at most `addPerMentee`: all of them would flood the graph.
    const found: Violation[] = []
    for (let j = 0; j < m; j++) {
      const s = out[j]!
      if (s < 0 || frame.places[j] === 0 || stamp[j] === i + 1) continue
      const weight = s + frame.bonus
      if (weight > u + prices.mentor[j]!) found.push({ row: i, column: j, weight })
    }
    if (found.length > addPerMentee) found.sort((a, b) => (b.weight - prices.mentor[b.column]!) - (a.weight - prices.mentor[a.column]!) || a.column - b.column)
    violations.push(...found.slice(0, addPerMentee))
  }
  poll(1)
  return { violations, rescored }
}

/** The graph with the violating pairs added to their mentees' rows. */
export const withEdges = (graph: CohortGraph, added: readonly Violation[]): CohortGraph => {
  const n = graph.mentees
  const extra = new Int32Array(n + 1)
  for (const v of added) extra[v.row + 1]!++
  const edgeStart = new Int32Array(n + 1)
  for (let i = 0; i < n; i++) edgeStart[i + 1] = edgeStart[i]! + (graph.edgeStart[i + 1]! - graph.edgeStart[i]!) + extra[i + 1]!
  const size = edgeStart[n]!
  const edgeMentor = new Int32Array(size)
  const edgeWeight = new Float64Array(size)
  const fill = new Int32Array(n)
  for (let i = 0; i < n; i++) {
    const from = graph.edgeStart[i]!
    const count = graph.edgeStart[i + 1]! - from
    edgeMentor.set(graph.edgeMentor.subarray(from, from + count), edgeStart[i]!)
    edgeWeight.set(graph.edgeWeight.subarray(from, from + count), edgeStart[i]!)
    fill[i] = edgeStart[i]! + count
  }
  for (const v of added) {
    edgeMentor[fill[v.row]!] = v.column
    edgeWeight[fill[v.row]!++] = v.weight
  }
  return { ...graph, edgeStart, edgeMentor, edgeWeight }
}
