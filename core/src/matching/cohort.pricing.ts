// Dual prices from the solver's potentials, and the check that makes the sparse graph exact: a left-
// out pair matters only if its weight exceeds the two prices. A mentee whose price already covers its
// best left-out score (plus the cheapest mentor price) needs no look; the others are rescored.
import type { CandidateEdges, CohortFrame } from './cohort.edges.js'
import { markExcluded } from './cohort.edges.js'
import type { CohortGraph, FlowState } from './cohort.flow.js'

export type Prices = { readonly mentee: Float64Array; readonly mentor: Float64Array }

export const pricesOf = (graph: CohortGraph, solution: FlowState): Prices => {
  const mentee = new Float64Array(graph.mentees)
  const mentor = new Float64Array(graph.mentors)
  for (let i = 0; i < graph.mentees; i++) mentee[i] = Math.max(0, solution.potential[i]!)
  for (let j = 0; j < graph.mentors; j++) mentor[j] = Math.max(0, -solution.potential[graph.mentees + j]!)
  return { mentee, mentor }
}

/** A candidate pair the prices do not cover: it must join the graph. */
export type Violation = { readonly row: number; readonly column: number; readonly weight: number }

/** `added`: the violations plus pairs within `margin` of one, which the next prices would likely violate. */
export type PricingOutcome = { readonly violations: number; readonly added: readonly Violation[]; readonly rescored: number }

/**
 * The candidate pairs outside the graph that the prices do not cover, at most `addPerMentee` per
 * mentee (the most violated). A left-out pair scores at most the smaller of its mentee's and its
 * mentor's cut, so only mentors whose price is below what the mentee still needs are looked at,
 * cheapest first, and only those the cuts cannot settle are scored.
 */
export const findViolations = (
  frame: CohortFrame,
  edges: CandidateEdges,
  graph: CohortGraph,
  prices: Prices,
  addPerMentee: number,
  margin: number,
  poll: (fraction: number) => boolean,
): PricingOutcome | null => {
  const n = frame.menteeAnswers.length
  const m = frame.mentors
  const { bonus } = frame
  const order = Int32Array.from({ length: m }, (_, j) => j).filter((j) => frame.places[j]! > 0 && edges.mentorCut[j]! >= 0)
  order.sort((a, b) => prices.mentor[a]! - prices.mentor[b]!)
  const sortedPrice = Float64Array.from(order, (j) => prices.mentor[j]!)
  const stamp = new Int32Array(m)
  const added: Violation[] = []
  let violations = 0
  let rescored = 0
  for (let i = 0; i < n; i++) {
    if ((i & 255) === 0 && poll(i / n)) return null
    const cut = edges.cut[i]!
    if (cut < 0) continue
    const u = prices.mentee[i]!
    const need = cut + bonus - u + margin
    if (order.length === 0 || need <= sortedPrice[0]!) continue
    // Mentors already in the row are covered by the solver; declined pairs and the same person are no candidates.
    for (let e = graph.edgeStart[i]!; e < graph.edgeStart[i + 1]!; e++) stamp[graph.edgeMentor[e]!] = i + 1
    markExcluded(frame, i, stamp)
    let prepared = false
    const found: Violation[] = []
    for (let k = 0; k < order.length && sortedPrice[k]! < need; k++) {
      const j = order[k]!
      const v = sortedPrice[k]!
      if (stamp[j] === i + 1 || edges.mentorCut[j]! + bonus + margin <= u + v) continue
      if (!prepared) {
        frame.scorer.prepareRow(frame.menteeAnswers[i]!)
        prepared = true
        rescored++
      }
      const s = frame.scorer.scoreOf(j)
      if (s < 0) continue
      if (s + bonus > u + v) violations++
      if (s + bonus + margin > u + v) found.push({ row: i, column: j, weight: s + bonus })
    }
    if (found.length > addPerMentee)
      found.sort((a, b) => b.weight - prices.mentor[b.column]! - (a.weight - prices.mentor[a.column]!) || a.column - b.column)
    added.push(...found.slice(0, addPerMentee))
  }
  poll(1)
  return { violations, added, rescored }
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
    edgeMentor.set(graph.edgeMentor.subarray(from, from + count), edgeStart[i])
    edgeWeight.set(graph.edgeWeight.subarray(from, from + count), edgeStart[i])
    fill[i] = edgeStart[i]! + count
  }
  for (const v of added) {
    edgeMentor[fill[v.row]!] = v.column
    edgeWeight[fill[v.row]!++] = v.weight
  }
  return { ...graph, edgeStart, edgeMentor, edgeWeight }
}
