// The candidate pairs whole-cohort matching solves over: per mentee the pairs kept so far (first its
// best-scoring candidates, ties spread over the mentors) and a floor that bounds every pair left out.
// The solver widens a row when its floor could matter (cohort.flow.ts), so keeping few pairs costs
// no exactness and no second pass over the cohort.
import type { Answer } from '../questionnaire/questionnaire.codec.js'
import type { CohortScorer } from './cohort.scores.js'

/** What the cohort looks like to the solver: rows are mentees in the problem, columns mentors. */
export type CohortFrame = {
  readonly menteeAnswers: readonly (readonly Answer[])[]
  readonly mentors: number
  readonly places: Int32Array
  /** Per mentee row, mentor columns never to pair with it (declined pairs, the same person). */
  readonly excluded: readonly (readonly number[])[]
  readonly scorer: CohortScorer
  readonly bonus: number
}

/**
 * Per mentee its kept pairs (mentor, weight = scaled score + bonus) at start[i]..end[i]−1 of growable
 * typed columns; a widened row is written anew at the end (the old stretch is left unused).
 * Invariant: a candidate pair (i, j) not in row i weighs at most floor[i] + v_j, v_j being mentor j's
 * price now (prices only rise while solving); floor[i] is −∞ when the row holds every candidate.
 */
export class CohortRows {
  readonly start: Int32Array
  readonly end: Int32Array
  readonly floor: Float64Array
  /** Per mentee, the most a pair left out of its row weighs (−∞ when none is left out). */
  readonly cap: Float64Array
  /** Per mentee, how many candidates it has in all. */
  readonly candidates: Int32Array
  mentor = new Int32Array(1 << 16)
  weight = new Float64Array(1 << 16)
  size = 0
  /** Rows scored again to widen them. */
  widened = 0
  constructor(readonly mentees: number) {
    this.start = new Int32Array(mentees)
    this.end = new Int32Array(mentees)
    this.floor = new Float64Array(mentees).fill(Number.NEGATIVE_INFINITY)
    this.cap = new Float64Array(mentees).fill(Number.NEGATIVE_INFINITY)
    this.candidates = new Int32Array(mentees)
  }
  /** Makes room for `extra` more pairs. */
  reserve(extra: number): void {
    if (this.size + extra <= this.mentor.length) return
    const length = Math.max(this.mentor.length * 2, this.size + extra)
    const mentors = new Int32Array(length)
    mentors.set(this.mentor.subarray(0, this.size))
    this.mentor = mentors
    const weights = new Float64Array(length)
    weights.set(this.weight.subarray(0, this.size))
    this.weight = weights
  }
}

/** Scores below this are counted in a histogram to find the cut. */
const HISTOGRAM_MAX = 1 << 20

/** Marks the columns a row must skip: the row's own exclusions. */
export const markExcluded = (frame: CohortFrame, row: number, stamp: Int32Array): void => {
  for (const j of frame.excluded[row]!) stamp[j] = row + 1
}

/** out[j] = mentee i's scaled score with mentor j, −1 when j is no candidate for i. */
const scoreCandidates = (frame: CohortFrame, i: number, out: Int32Array, stamp: Int32Array): void => {
  frame.scorer.scoreRow(frame.menteeAnswers[i]!, out)
  markExcluded(frame, i, stamp)
  const { places } = frame
  for (let j = 0; j < out.length; j++) if (places[j] === 0 || stamp[j] === i + 1) out[j] = -1
}

/**
 * Scores every mentee against every mentor once and keeps, per mentee, its `keep` best candidates;
 * `poll` stops the run (null) when it returns true.
 */
export const collectCandidateRows = (frame: CohortFrame, keep: number, poll: (fraction: number) => boolean): CohortRows | null => {
  const n = frame.menteeAnswers.length
  const m = frame.mentors
  const out = new Int32Array(m)
  const stamp = new Int32Array(m)
  const rows = new CohortRows(n)
  let histogram = new Int32Array(256)
  for (let i = 0; i < n; i++) {
    if ((i & 63) === 0 && poll(i / n)) return null
    scoreCandidates(frame, i, out, stamp)
    let count = 0
    let top = -1
    for (let j = 0; j < m; j++) {
      const s = out[j]!
      if (s >= 0) {
        count++
        if (s > top) top = s
      }
    }
    rows.candidates[i] = count
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
    } else if (count > keep) {
      // Finely scaled scores: sort instead of counting.
      const scores = Float64Array.from(out.filter((s) => s >= 0))
        .sort()
        .reverse()
      least = scores[keep - 1]!
      quota = keep - scores.filter((s) => s > least).length
    }
    // Every pair left out scores at most `least`, and prices start at 0.
    if (count > keep) {
      rows.floor[i] = least + frame.bonus
      rows.cap[i] = least + frame.bonus
    }
    rows.reserve(Math.min(count, keep))
    rows.start[i] = rows.size
    // Ties at the cut start at a different mentor per mentee, so popular ties do not all land on the same few.
    const offset = m === 0 ? 0 : (i * 7919) % m
    const wanted = Math.min(count, keep)
    for (let step = 0, kept = 0; step < m && kept < wanted; step++) {
      const j = offset + step < m ? offset + step : offset + step - m
      const s = out[j]!
      if (s < 0 || s < least) continue
      if (s === least) {
        if (quota === 0) continue
        quota--
      }
      rows.mentor[rows.size] = j
      rows.weight[rows.size++] = s + frame.bonus
      kept++
    }
    rows.end[i] = rows.size
  }
  poll(1)
  return rows
}

/** Pairs a widened row aims to hold, and the least slack (in points) its new floor keeps below the price. */
const WIDE_KEEP = 64
const WIDE_SLACK = 4
/** Slack counted per point up to this; pairs further below share the last bin. */
const SLACK_BINS = 256

/**
 * The widener the solver calls when row i's floor could matter: scores mentee i again and keeps every
 * pair whose reduced weight (weight − price) is within a new, lower floor of the mentee's price `u`
 * (at least WIDE_SLACK points below it, low enough for about WIDE_KEEP pairs). `potential` holds −v_j
 * at n + j.
 */
export const rowWidener = (frame: CohortFrame, rows: CohortRows) => {
  const m = frame.mentors
  const n = rows.mentees
  const out = new Int32Array(m)
  const stamp = new Int32Array(m)
  const bins = new Int32Array(SLACK_BINS + 1)
  const scale = frame.scorer.scale
  return (i: number, u: number, potential: Float64Array, need: number, slack: number): void => {
    rows.widened++
    scoreCandidates(frame, i, out, stamp)
    bins.fill(0)
    const { bonus } = frame
    for (let j = 0; j < m; j++) {
      const s = out[j]!
      if (s < 0) continue
      // Slack of the pair below the mentee's price, ≥ 0 by the invariant.
      const slack = u - (s + bonus + potential[n + j]!)
      bins[Math.min(SLACK_BINS, Math.max(0, Math.floor(slack / scale)))]!++
    }
    // The new floor lies at least twice as far below the price as the old one (so a row widens a few
    // times at most) and below `need` when that is near (so this search does not ask again soon).
    const before = Math.floor(slack / scale)
    const least = Math.max(WIDE_SLACK, 2 * before + 1, need <= SLACK_BINS * scale ? Math.floor(need / scale) + 1 : 0)
    let cut = 0
    let kept = 0
    while (cut < SLACK_BINS && (cut < least || kept < WIDE_KEEP)) kept += bins[cut++]!
    // Past the counted bins the row takes every candidate.
    if (cut === SLACK_BINS && least > SLACK_BINS) kept += bins[cut++]!
    const limit = cut > SLACK_BINS ? Number.POSITIVE_INFINITY : cut * scale
    rows.floor[i] = kept === rows.candidates[i] ? Number.NEGATIVE_INFINITY : u - limit
    rows.reserve(kept)
    rows.start[i] = rows.size
    let cap = Number.NEGATIVE_INFINITY
    for (let j = 0; j < m; j++) {
      const s = out[j]!
      if (s < 0) continue
      const w = s + bonus
      if (u - (w + potential[n + j]!) < limit) {
        rows.mentor[rows.size] = j
        rows.weight[rows.size++] = w
      } else if (w > cap) cap = w
    }
    rows.end[i] = rows.size
    rows.cap[i] = cap
  }
}
