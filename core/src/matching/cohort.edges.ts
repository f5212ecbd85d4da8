// The candidate pairs whole-cohort matching solves over: per mentee its best-scoring candidates
// (ties spread over the mentors), kept in typed arrays. The pairs left out are checked against the
// dual prices afterwards (cohort.pricing.ts), so keeping few of them costs no exactness.
import type { CohortScorer } from './cohort.scores.js'
import type { CohortGraph } from './cohort.flow.js'
import { withEdges, type Violation } from './cohort.pricing.js'

/** What the cohort looks like to the solver: rows are mentees in the problem, columns mentors. */
export type CohortFrame = {
  readonly menteeAnswers: readonly (readonly import('../questionnaire/questionnaire.codec.js').Answer[])[]
  readonly mentors: number
  readonly places: Int32Array
  /** Per mentee row, mentor columns never to pair with it (declined pairs, the same person). */
  readonly excluded: readonly (readonly number[])[]
  readonly scorer: CohortScorer
  readonly bonus: number
}

export type CandidateEdges = {
  readonly graph: CohortGraph
  /** Per mentee, how many candidates it has in all. */
  readonly candidates: Int32Array
  /** Per mentee, the best scaled score left out of the graph, −1 when none was left out. */
  readonly cut: Int32Array
  /** Per mentor, the best scaled score left out of its own list, −1 when none was left out. */
  readonly mentorCut: Int32Array
}

/** Scores below this are counted in a histogram to find the cut. */
const HISTOGRAM_MAX = 1 << 20

/** Growable typed columns of (mentor, weight). */
export class EdgeList {
  mentor = new Int32Array(1 << 16)
  weight = new Float64Array(1 << 16)
  size = 0
  add(mentor: number, weight: number): void {
    if (this.size === this.mentor.length) {
      const mentors = new Int32Array(this.size * 2)
      mentors.set(this.mentor)
      this.mentor = mentors
      const weights = new Float64Array(this.size * 2)
      weights.set(this.weight)
      this.weight = weights
    }
    this.mentor[this.size] = mentor
    this.weight[this.size++] = weight
  }
}

/** Marks the columns a row must skip: unavailable mentors for everyone, plus the row's own exclusions. */
export const markExcluded = (frame: CohortFrame, row: number, stamp: Int32Array): void => {
  for (const j of frame.excluded[row]!) stamp[j] = row + 1
}

/**
 * Scores every mentee against every mentor once and keeps, per mentee, its `keep` best candidates;
 * `poll` stops the run (null) when it returns true.
 */
export const collectCandidateEdges = (
  frame: CohortFrame,
  keep: number,
  keepPerMentor: number,
  poll: (fraction: number) => boolean,
): CandidateEdges | null => {
  const n = frame.menteeAnswers.length
  const m = frame.mentors
  // Each mentor's best mentees too: with only the mentees' favourites, a mentor nobody ranks high
  // has no pair at all, and a full cohort then needs several rounds of pricing to find it.
  const mentorBest = new Int32Array(m * keepPerMentor).fill(-1)
  const mentorBestScore = new Int32Array(m * keepPerMentor).fill(-1)
  const mentorWorst = new Int32Array(m).fill(-1)
  const out = new Int32Array(m)
  const stamp = new Int32Array(m)
  const edgeStart = new Int32Array(n + 1)
  const candidates = new Int32Array(n)
  const cut = new Int32Array(n).fill(-1)
  const edges = new EdgeList()
  let histogram = new Int32Array(256)
  for (let i = 0; i < n; i++) {
    if ((i & 63) === 0 && poll(i / n)) return null
    frame.scorer.scoreRow(frame.menteeAnswers[i]!, out)
    markExcluded(frame, i, stamp)
    let count = 0
    let top = -1
    for (let j = 0; j < m; j++) {
      const s = out[j]!
      if (s < 0 || frame.places[j] === 0 || stamp[j] === i + 1) {
        out[j] = -1
        continue
      }
      count++
      if (s > top) top = s
      if (s > mentorWorst[j]!) mentorWorst[j] = admit(mentorBest, mentorBestScore, j * keepPerMentor, keepPerMentor, i, s)
    }
    candidates[i] = count
    // The score at which the kept candidates stop: all above it, some of those equal to it.
    let least = -1
    let quota = 0
    if (count > keep && top < HISTOGRAM_MAX) {
      if (top >= histogram.length) histogram = new Int32Array(Math.max(top + 1, histogram.length * 2))
      histogram.fill(0, 0, top + 1)
      for (let j = 0; j < m; j++) if (out[j]! >= 0) histogram[out[j]!]!++
      let above = 0
      least = top
      while (above + histogram[least]! < keep) above += histogram[least--]!
      quota = keep - above
      cut[i] = least
    } else if (count > keep) {
      // Finely scaled scores: sort instead of counting.
      const scores = Float64Array.from(out.filter((s) => s >= 0))
        .sort()
        .reverse()
      least = scores[keep - 1]!
      quota = keep - scores.filter((s) => s > least).length
      cut[i] = least
    }
    // Ties at the cut start at a different mentor per mentee, so popular ties do not all land on the same few.
    const offset = m === 0 ? 0 : (i * 7919) % m
    for (let step = 0; step < m; step++) {
      const j = offset + step < m ? offset + step : offset + step - m
      const s = out[j]!
      if (s < 0 || s < least) continue
      if (s === least) {
        if (quota === 0) continue
        quota--
      }
      edges.add(j, s + frame.bonus)
    }
    edgeStart[i + 1] = edges.size
  }
  poll(1)
  const graph: CohortGraph = {
    mentees: n,
    mentors: m,
    edgeStart,
    edgeMentor: edges.mentor.subarray(0, edges.size),
    edgeWeight: edges.weight.subarray(0, edges.size),
    places: frame.places,
  }
  const extra: Violation[] = []
  for (let j = 0; j < m; j++) {
    for (let k = j * keepPerMentor; k < (j + 1) * keepPerMentor; k++) {
      const i = mentorBest[k]!
      if (i < 0) continue
      let known = false
      for (let e = edgeStart[i]!; e < edgeStart[i + 1]! && !known; e++) known = graph.edgeMentor[e] === j
      if (!known) extra.push({ row: i, column: j, weight: mentorBestScore[k]! + frame.bonus })
    }
  }
  // A full list holds the mentor's best; anything left out scored at most its worst entry.
  const mentorCut = Int32Array.from(mentorWorst)
  return { graph: withEdges(graph, extra), candidates, cut, mentorCut }
}

/** Puts mentee i with score s in mentor j's list in place of its worst entry; returns the new worst score. */
const admit = (best: Int32Array, scores: Int32Array, from: number, size: number, i: number, s: number): number => {
  let worst = from
  for (let k = from + 1; k < from + size; k++) if (scores[k]! < scores[worst]!) worst = k
  best[worst] = i
  scores[worst] = s
  let least = scores[from]!
  for (let k = from + 1; k < from + size; k++) if (scores[k]! < least) least = scores[k]!
  return least
}
