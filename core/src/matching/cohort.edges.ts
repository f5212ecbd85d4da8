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
  /** The highest scaled score a pair can have. */
  readonly heaviest: number
  readonly bonus: number
}

/** Steps a row is sorted in; pairs further down share the last. */
const SORT_BINS = 64

/**
 * Per mentee its kept pairs (mentor, weight = scaled score + bonus) at start[i]..end[i]−1 of growable
 * typed columns; a widened row is written anew at the end (the old stretch is left unused).
 * Invariant: a candidate pair (i, j) not in row i weighs at most floor[i] + v_j, v_j being mentor j's
 * price now (prices only rise while solving); floor[i] is −∞ when the row holds every candidate.
 *
 * Behind each row, a reserve: the next best pairs (up to `reserveSize`, at i·reserveSize.. of their
 * own columns), not searched, from which a row is widened without scoring the mentee again; every
 * pair in neither weighs at most farFloor[i] + v_j and at most farCap[i].
 */
export class CohortRows {
  readonly start: Int32Array
  readonly end: Int32Array
  readonly floor: Float64Array
  /** Per mentee, the most a pair left out of its row weighs (−∞ when none is left out). */
  readonly cap: Float64Array
  /** Per mentee, how many candidates it has in all. */
  readonly candidates: Int32Array
  /** 16-bit when the mentors and scores fit (half the memory: the reserves are the largest arrays). */
  readonly reserveMentor: Uint16Array | Int32Array
  /** Empty when every row keeps its scores (`scores`): a reserved pair's score is read there. */
  readonly reserveScore: Uint16Array | Int32Array
  /** Pairs in row i's reserve. */
  readonly reserved: Int32Array
  readonly farFloor: Float64Array
  readonly farCap: Float64Array
  mentor: Int32Array
  weight: Float64Array
  /**
   * Per kept pair, at least its reduced weight (weight − mentor price) now; a row is sorted by it,
   * largest first, so a search stops reading a row where the rest cannot give a shorter path. Prices
   * only rise, so a key stays an upper bound; `sortRow` brings a row's keys up to date.
   */
  key: Float64Array
  size = 0
  /** Times row i was read by a search since it was last sorted. */
  readonly reads: Uint8Array
  /** Rows widened over every mentor (from their kept scores, or scored again). */
  widened = 0
  /** Rows widened from their reserve (not scored again). */
  widenedFromReserve = 0
  /**
   * Every score of the first `scoredRows` rows, as the first scoring found it (`scores[i·m + j]`,
   * NO_SCORE for no candidate), so that widening such a row over every mentor reads them instead of
   * scoring the mentee again; empty when the scores do not fit in a byte.
   */
  scores = new Uint8Array(0)
  scoredRows = 0
  /** Per row with kept scores, its candidates per score (`scoreCounts[i·(heaviest + 1) + s]`). */
  scoreCounts = new Int32Array(0)
  constructor(
    readonly mentees: number,
    readonly reserveSize: number,
    /** Pairs the rows may hold before they first need more room. */
    capacity: number,
    /** Mentor columns and the highest score, to size the reserve's entries (32-bit when not given). */
    mentors = Number.MAX_SAFE_INTEGER,
    highestScore = Number.MAX_SAFE_INTEGER,
    /** False when every row keeps its scores: the reserve holds mentors only. */
    reserveScores = true,
  ) {
    this.mentor = new Int32Array(capacity)
    this.weight = new Float64Array(capacity)
    this.key = new Float64Array(capacity)
    this.start = new Int32Array(mentees)
    this.end = new Int32Array(mentees)
    this.floor = new Float64Array(mentees).fill(Number.NEGATIVE_INFINITY)
    this.cap = new Float64Array(mentees).fill(Number.NEGATIVE_INFINITY)
    this.candidates = new Int32Array(mentees)
    this.reserveMentor = mentors <= 0x10000 ? new Uint16Array(mentees * reserveSize) : new Int32Array(mentees * reserveSize)
    const reserveScoreLength = reserveScores ? mentees * reserveSize : 0
    this.reserveScore = highestScore < 0x10000 ? new Uint16Array(reserveScoreLength) : new Int32Array(reserveScoreLength)
    this.reserved = new Int32Array(mentees)
    this.farFloor = new Float64Array(mentees).fill(Number.NEGATIVE_INFINITY)
    this.farCap = new Float64Array(mentees).fill(Number.NEGATIVE_INFINITY)
    this.reads = new Uint8Array(mentees)
  }
  private scratchMentor = new Int32Array(0)
  private scratchWeight = new Float64Array(0)
  private readonly bins = new Int32Array(SORT_BINS + 2)
  /**
   * Sorts row i in place by reduced weight at the mentor prices now (−potential[n + j]), in steps of
   * `scale` below the row's best: each pair's key is the top of its step, an upper bound.
   */
  sortRow(i: number, potential: Float64Array, n: number, scale: number): void {
    const from = this.start[i]!
    const to = this.end[i]!
    this.reads[i] = 0
    if (to - from < 2) {
      if (to > from) this.key[from] = this.weight[from]! + potential[n + this.mentor[from]!]!
      return
    }
    if (this.scratchMentor.length < to - from) {
      this.scratchMentor = new Int32Array(to - from)
      this.scratchWeight = new Float64Array(to - from)
    }
    const { mentor, weight, key, bins, scratchMentor, scratchWeight } = this
    let top = Number.NEGATIVE_INFINITY
    for (let e = from; e < to; e++) {
      const reduced = weight[e]! + potential[n + mentor[e]!]!
      key[e] = reduced
      if (reduced > top) top = reduced
    }
    bins.fill(0)
    for (let e = from; e < to; e++) {
      const steps = scale === 1 ? top - key[e]! : Math.floor((top - key[e]!) / scale)
      bins[(steps < SORT_BINS ? steps : SORT_BINS) + 1]!++
    }
    for (let b = 0; b <= SORT_BINS; b++) bins[b + 1]! += bins[b]!
    for (let e = from; e < to; e++) {
      const steps = scale === 1 ? top - key[e]! : Math.floor((top - key[e]!) / scale)
      const at = bins[steps < SORT_BINS ? steps : SORT_BINS]!++
      scratchMentor[at] = mentor[e]!
      scratchWeight[at] = weight[e]!
    }
    // The keys: the top of each pair's step (the last step holds everything further down).
    for (let e = 0; e < to - from; e++) {
      mentor[from + e] = scratchMentor[e]!
      weight[from + e] = scratchWeight[e]!
    }
    for (let e = from; e < to; e++) {
      const reduced = weight[e]! + potential[n + mentor[e]!]!
      const steps = scale === 1 ? top - reduced : Math.floor((top - reduced) / scale)
      key[e] = steps < SORT_BINS ? top - steps * scale : top - SORT_BINS * scale
    }
  }
  /**
   * Makes room for `extra` more pairs at the end. A widened row leaves its old stretch unused, so
   * the rows are first moved together over the unused stretches; the columns grow (by half) only when
   * the rows in use would fill more than three quarters of them. Fewer, larger allocations: each new column of many megabytes
   * made the collector go over the whole heap.
   */
  reserve(extra: number): void {
    if (this.size + extra <= this.mentor.length) return
    let used = 0
    for (let i = 0; i < this.mentees; i++) used += this.end[i]! - this.start[i]!
    const length =
      used + extra <= this.mentor.length * 0.75 ? this.mentor.length : Math.max(Math.ceil(this.mentor.length * 1.5), used + extra)
    const mentor = length === this.mentor.length ? this.mentor : new Int32Array(length)
    const weight = length === this.mentor.length ? this.weight : new Float64Array(length)
    const key = length === this.mentor.length ? this.key : new Float64Array(length)
    // Rows in the order they lie, so that moving one down never overwrites another not yet moved.
    const order = Int32Array.from({ length: this.mentees }, (_, i) => i).sort((a, b) => this.start[a]! - this.start[b]!)
    let at = 0
    for (let o = 0; o < order.length; o++) {
      const i = order[o]!
      const from = this.start[i]!
      const to = this.end[i]!
      if (mentor === this.mentor) {
        mentor.copyWithin(at, from, to)
        weight.copyWithin(at, from, to)
        key.copyWithin(at, from, to)
      } else {
        mentor.set(this.mentor.subarray(from, to), at)
        weight.set(this.weight.subarray(from, to), at)
        key.set(this.key.subarray(from, to), at)
      }
      this.start[i] = at
      at += to - from
      this.end[i] = at
    }
    this.mentor = mentor
    this.weight = weight
    this.key = key
    this.size = at
  }
}

/** Reserved pairs in all rows together at most (8 bytes each). */
const RESERVE_BUDGET = 1 << 24

/** Kept scores of all rows together at most (1 byte each): every row up to 10,000 × 13,421. */
const SCORES_BUDGET = 1 << 27

/** A kept score for no candidate (−1 written into a byte). */
const NO_SCORE = 255

/** Values counted per row up to this many at least (the scores of a cohort are whole and small). */
const COUNTED_MIN = 4096

/** Mentor columns without a place: no candidates for anyone. */
const closedColumns = (frame: CohortFrame): Int32Array => {
  const closed: number[] = []
  for (let j = 0; j < frame.mentors; j++) if (frame.places[j] === 0) closed.push(j)
  return Int32Array.from(closed)
}

/**
 * out[j] = mentee i's scaled score with mentor j, −1 when j is no candidate for i. The scorer already
 * leaves out knock-outs and scores below the threshold; the few other exclusions (declined pairs, the
 * same person, mentors without a place) are written over afterwards instead of tested per mentor.
 * With `counts`, also how many mentors score each value (see CohortScorer.scoreRow).
 */
const scoreCandidates = (
  frame: CohortFrame,
  i: number,
  out: Int32Array,
  closed: Int32Array,
  counts: Int32Array | undefined,
  /** The key under which the scorer may keep what it built for mentee i (none: rows whose scores are kept). */
  key: number | undefined,
): void => {
  frame.scorer.scoreRow(frame.menteeAnswers[i]!, out, counts, key)
  const exclude = (j: number): void => {
    if (counts !== undefined && out[j]! >= 0) {
      counts[out[j]! + 1]!--
      counts[0]!++
    }
    out[j] = -1
  }
  for (const j of frame.excluded[i]!) exclude(j)
  for (let c = 0; c < closed.length; c++) exclude(closed[c]!)
}

/**
 * The score at which a row's `wanted` best candidates stop, and how many candidates of that score
 * belong to them; (−1, 0) when there are no more than `wanted`. From the counts (counts[s + 1]
 * candidates score s, none above `top`), or by sorting the row when its scores were not counted.
 */
const cutAt = (wanted: number, count: number, top: number, counts: Int32Array | null, out: Int32Array): [number, number] => {
  if (count <= wanted) return [-1, 0]
  if (counts !== null) {
    let above = 0
    let least = top
    while (above + counts[least + 1]! < wanted) above += counts[1 + least--]!
    return [least, wanted - above]
  }
  const scores = Float64Array.from(out.filter((s) => s >= 0))
    .sort()
    .reverse()
  const least = scores[wanted - 1]!
  return [least, wanted - scores.filter((s) => s > least).length]
}

/**
 * Lists into `taken` (from `listed` on) the mentors from..to−1 scoring at least `lowest`, without a
 * branch per mentor (whether one is there is a coin toss the processor cannot predict); with
 * `scoresAt` ≥ 0, also writes every score to scores[scoresAt + j]. Returns the new length of the list.
 */
const listAtLeast = (
  out: Int32Array,
  from: number,
  to: number,
  lowest: number,
  taken: Int32Array,
  listed: number,
  scores: Uint8Array,
  scoresAt: number,
): number => {
  if (scoresAt >= 0)
    for (let j = from; j < to; j++) {
      const s = out[j]!
      scores[scoresAt + j] = s
      taken[listed] = j
      listed += +(s >= lowest)
    }
  else
    for (let j = from; j < to; j++) {
      taken[listed] = j
      listed += +(out[j]! >= lowest)
    }
  return listed
}

/**
 * Scores every mentee against every mentor once and keeps, per mentee, its `keep` best candidates;
 * `poll` stops the run (null) when it returns true.
 */
export const collectCandidateRows = (
  frame: CohortFrame,
  keep: number,
  reserveSize: number,
  poll: (fraction: number) => boolean,
  /** Scores kept (bytes) for the first rows at most; the rest are scored again when widened. */
  scoresBudget = SCORES_BUDGET,
): CohortRows | null => {
  const n = frame.menteeAnswers.length
  const m = frame.mentors
  const out = new Int32Array(m)
  const taken = new Int32Array(m)
  const closed = closedColumns(frame)
  // Small pools keep no reserve: scoring a row again is cheap there, and a reserve would hold most of
  // it. Large cohorts keep a shorter one, so that all reserves together stay within RESERVE_BUDGET pairs.
  // Room for the first rows three times over: widened rows end at about three times their first length.
  // Every score of the first rows, kept in a byte each (see CohortRows.scores): their mentees are
  // not scored again when widened, nor does the scorer keep their tables; when every row keeps its
  // scores, the reserves hold mentors only (less memory, and below the amount of new memory that
  // makes V8 collect the whole heap at 5,000²).
  const scoredRows = frame.heaviest < NO_SCORE && m > 0 ? Math.min(n, Math.floor(scoresBudget / m)) : 0
  const rows = new CohortRows(
    n,
    Math.max(0, Math.min(reserveSize, Math.floor(m / 4) - keep, Math.floor(RESERVE_BUDGET / Math.max(1, n)))),
    Math.max(1 << 16, 3 * n * Math.min(keep, m)),
    m,
    frame.heaviest,
    scoredRows < n,
  )
  const R = rows.reserveSize
  if (scoredRows > 0) {
    rows.scoredRows = scoredRows
    rows.scores = new Uint8Array(rows.scoredRows * m)
    rows.scoreCounts = new Int32Array(rows.scoredRows * (frame.heaviest + 1))
  }
  const { scores, scoreCounts } = rows
  const reserveScores = rows.reserveScore.length > 0
  // Scores are counted per value while scoring (index 0 the non-candidates, s + 1 those scoring s)
  // unless there are too many values to read through per row; then the cut is found by sorting.
  const counted = frame.heaviest + 2 <= Math.max(COUNTED_MIN, 2 * m)
  const counts = counted ? new Int32Array(frame.heaviest + 2) : null
  const { bonus } = frame
  for (let i = 0; i < n; i++) {
    if ((i & 63) === 0 && poll(i / n)) return null
    let count = 0
    let top = -1
    const key = i < scoredRows ? undefined : i - scoredRows
    if (counts !== null) {
      scoreCandidates(frame, i, out, closed, counts, key)
      count = m - counts[0]!
      top = frame.heaviest
      while (top >= 0 && counts[top + 1] === 0) top--
    } else {
      scoreCandidates(frame, i, out, closed, undefined, key)
      for (let j = 0; j < m; j++) {
        const s = out[j]!
        if (s >= 0) count++
        if (s > top) top = s
      }
    }
    rows.candidates[i] = count
    // The scores at which the kept candidates and the reserve stop: all above, some of those equal.
    const [least, quota] = cutAt(keep, count, top, counts, out)
    const [reserveLeast, reserveQuota] = cutAt(keep + R, count, top, counts, out)
    // The best score left out of both (−1 when none is): the rest of the ties at the cut, or the next value.
    let farTop = -1
    if (reserveLeast >= 0) {
      if (counts === null) {
        for (let j = 0; j < m; j++) if (out[j]! < reserveLeast && out[j]! > farTop) farTop = out[j]!
        // Ties at the cut that do not fit count too.
        let atCut = 0
        for (let j = 0; j < m; j++) if (out[j] === reserveLeast) atCut++
        if (atCut > reserveQuota) farTop = reserveLeast
      } else if (counts[reserveLeast + 1]! > reserveQuota) farTop = reserveLeast
      else for (farTop = reserveLeast - 1; farTop >= 0 && counts[farTop + 1] === 0;) farTop--
    }
    if (i < scoredRows && counts !== null)
      for (let v = 0, at = i * (frame.heaviest + 1); v <= top; v++) scoreCounts[at + v] = counts[v + 1]!
    if (counts !== null) counts.fill(0, 0, top + 2)
    rows.reserve(Math.min(count, keep))
    rows.start[i] = rows.size
    // Ties at the cut start at a different mentor per mentee, so popular ties do not all land on the same few.
    const offset = m === 0 ? 0 : (i * 7919) % m
    let keptQuota = quota
    let totalQuota = reserveQuota
    let reserved = 0
    let reserveTop = -1
    const reserveAt = i * R
    // The mentors at or above the reserve's cut, listed without a branch per mentor (whether one is
    // there is a coin toss the processor cannot predict), from `offset` on and around.
    // A row keeping its scores writes them in the same passes (−1 becomes NO_SCORE).
    const lowest = Math.max(0, reserveLeast)
    const scoresAt = i < scoredRows ? i * m : -1
    const listed = listAtLeast(
      out,
      0,
      offset,
      lowest,
      taken,
      listAtLeast(out, offset, m, lowest, taken, 0, scores, scoresAt),
      scores,
      scoresAt,
    )
    // The columns in locals (rows.reserve above may have replaced them; nothing below does).
    const { mentor, weight, reserveMentor, reserveScore } = rows
    let size = rows.size
    for (let t = 0; t < listed; t++) {
      const j = taken[t]!
      const s = out[j]!
      if (s === reserveLeast) {
        if (totalQuota === 0) continue
        totalQuota--
      }
      if (s > least || (s === least && keptQuota > 0)) {
        if (s === least) keptQuota--
        mentor[size] = j
        weight[size++] = s + bonus
      } else {
        reserveMentor[reserveAt + reserved] = j
        if (reserveScores) reserveScore[reserveAt + reserved] = s
        reserved++
        if (s > reserveTop) reserveTop = s
      }
    }
    rows.size = size
    rows.end[i] = size
    rows.reserved[i] = reserved
    // Prices start at 0: a pair left out weighs at most its score.
    const far = farTop < 0 ? Number.NEGATIVE_INFINITY : farTop + bonus
    const left = Math.max(reserveTop, farTop)
    rows.farFloor[i] = far
    rows.farCap[i] = far
    rows.floor[i] = left < 0 ? Number.NEGATIVE_INFINITY : left + bonus
    rows.cap[i] = rows.floor[i]!
  }
  poll(1)
  return rows
}

/** The bin of a pair's slack: whole points below SLACK_BINS, SLACK_BINS further, SLACK_BINS + 1 for no candidate. */
const slackBin = (pairSlack: number, scale: number): number =>
  pairSlack < SLACK_BINS * scale
    ? scale === 1
      ? pairSlack
      : Math.floor(pairSlack / scale)
    : pairSlack === Number.POSITIVE_INFINITY
      ? SLACK_BINS + 1
      : SLACK_BINS

/**
 * A row's slack below `top` (its price less the bonus) per mentor, ≥ 0 by the rows' invariant (+∞
 * for no candidate, counted in the last bin, read by nobody), from its kept scores at
 * scores[at..at + m − 1], counted per bin. The passes over every mentor are functions of their own:
 * inside the widener, compiled while its first loop ran, they were deoptimised on every call.
 */
const keptSlack = (
  scores: Uint8Array,
  at: number,
  m: number,
  top: number,
  potential: Float64Array,
  n: number,
  scale: number,
  slackOf: Float64Array,
  bins: Int32Array,
  /** Lists the mentors whose slack lies below this (a guess at the reserve's limit) into `taken`. */
  guess: number,
  taken: Int32Array,
): number => {
  bins.fill(0)
  let listed = 0
  if (scale === 1)
    // Whole slack: the bin is the slack itself, made an integer index explicitly (as a float index
    // the pass took 20–80 % longer in a harness of the same width).
    for (let j = 0; j < m; j++) {
      const s = scores[at + j]!
      const pairSlack = s === NO_SCORE ? Number.POSITIVE_INFINITY : top - s - potential[n + j]!
      slackOf[j] = pairSlack
      bins[pairSlack < SLACK_BINS ? pairSlack | 0 : s === NO_SCORE ? SLACK_BINS + 1 : SLACK_BINS]!++
      taken[listed] = j
      listed += +(pairSlack < guess)
    }
  else
    for (let j = 0; j < m; j++) {
      const s = scores[at + j]!
      const pairSlack = s === NO_SCORE ? Number.POSITIVE_INFINITY : top - s - potential[n + j]!
      slackOf[j] = pairSlack
      bins[slackBin(pairSlack, scale)]!++
      taken[listed] = j
      listed += +(pairSlack < guess)
    }
  return listed
}

/** Keeps, in order, the first `listed` mentors of `taken` whose slack lies below `limit`. */
const keepBelow = (slackOf: Float64Array, taken: Int32Array, listed: number, limit: number): number => {
  let kept = 0
  for (let k = 0; k < listed; k++) {
    const j = taken[k]!
    taken[kept] = j
    kept += +(slackOf[j]! < limit)
  }
  return kept
}

/** As keptSlack, from a row just scored (out[j] −1 for no candidate). */
const scoredSlack = (
  out: Int32Array,
  m: number,
  top: number,
  potential: Float64Array,
  n: number,
  scale: number,
  slackOf: Float64Array,
  bins: Int32Array,
): void => {
  bins.fill(0)
  if (scale === 1)
    for (let j = 0; j < m; j++) {
      const s = out[j]!
      const pairSlack = s < 0 ? Number.POSITIVE_INFINITY : top - s - potential[n + j]!
      slackOf[j] = pairSlack
      bins[pairSlack < SLACK_BINS ? pairSlack | 0 : s < 0 ? SLACK_BINS + 1 : SLACK_BINS]!++
    }
  else
    for (let j = 0; j < m; j++) {
      const s = out[j]!
      const pairSlack = s < 0 ? Number.POSITIVE_INFINITY : top - s - potential[n + j]!
      slackOf[j] = pairSlack
      bins[slackBin(pairSlack, scale)]!++
    }
}

/** Lists into `taken` the mentors whose slack lies below `limit`, in order, without a branch per mentor. */
const listBelow = (slackOf: Float64Array, m: number, limit: number, taken: Int32Array): number => {
  let listed = 0
  for (let j = 0; j < m; j++) {
    taken[listed] = j
    listed += +(slackOf[j]! < limit)
  }
  return listed
}

/**
 * Pairs a widened row aims to hold, and the least slack (in points) its new floor keeps below the
 * price. Shallow on purpose: every later search reads the widened rows (64 pairs and 4 points kept
 * twice as many pairs and took 4–7 % longer to solve; decision 0014, fifth step).
 */
const WIDE_KEEP = 32
const WIDE_SLACK = 2
/** Pairs a row takes from its reserve at least, when widened from it. */
const RESERVE_TAKE = 32
/** Slack counted per point up to this; pairs further below share the last bin. */
const SLACK_BINS = 256

/**
 * The widener the solver calls when row i's floor could matter (mentee price `u`, `potential` holding
 * −v_j at n + j): the row takes every pair whose reduced weight (weight − price) lies less than a new,
 * lower floor below u — at least `need` (what the running search asks for) and further below than
 * before. When the pairs outside row and reserve lie below that floor, the reserve alone is read
 * (a few hundred pairs); otherwise the row is widened over every mentor (at least WIDE_SLACK points,
 * about WIDE_KEEP pairs) — from its kept scores (CohortRows.scores), or by scoring the mentee again —
 * and the reserve refilled with the next best.
 */
export const rowWidener = (frame: CohortFrame, rows: CohortRows) => {
  const m = frame.mentors
  const n = rows.mentees
  const out = new Int32Array(m)
  const closed = closedColumns(frame)
  // Per mentor the pair's slack below the mentee's price (+∞ for no candidate): computed once, read twice.
  const slackOf = new Float64Array(m)
  const bins = new Int32Array(SLACK_BINS + 2)
  const scale = frame.scorer.scale
  const { bonus } = frame
  const R = rows.reserveSize
  // Row and reserve mentors of a rescored row; the scores' counts (when whole and few, see collectCandidateRows).
  const taken = new Int32Array(m)
  const counts = frame.heaviest + 2 <= Math.max(COUNTED_MIN, 2 * m) ? new Int32Array(frame.heaviest + 2) : null
  const pointsOf = (slack: number): number => {
    const points = scale === 1 ? slack : Math.floor(slack / scale)
    return points < SLACK_BINS ? (points > 0 ? points | 0 : 0) : SLACK_BINS
  }

  /** Moves the reserve's pairs less than `limit` below u into the row; false when the reserve is not enough. */
  const fromReserve = (i: number, u: number, potential: Float64Array, least: number): boolean => {
    const far = rows.farFloor[i]!
    if (u - far < least * scale) return false
    rows.widenedFromReserve++
    const at = i * R
    const count = rows.reserved[i]!
    // A reserved pair's score: in the row's kept scores when the reserve holds mentors only.
    const { reserveMentor, reserveScore, scores } = rows
    const byScores = reserveScore.length === 0
    const scoresAt = i * m
    bins.fill(0)
    for (let r = 0; r < count; r++) {
      const j = reserveMentor[at + r]!
      const s = byScores ? scores[scoresAt + j]! : reserveScore[at + r]!
      const slack = u - bonus - s - potential[n + j]!
      slackOf[r] = slack
      bins[pointsOf(slack)]!++
    }
    let cut = 0
    let taken = 0
    while (cut <= SLACK_BINS && (cut < least || taken < RESERVE_TAKE) && taken < count) taken += bins[cut++]!
    const limit = cut > SLACK_BINS || taken === count ? Number.POSITIVE_INFINITY : cut * scale
    const length = rows.end[i]! - rows.start[i]!
    // Making room may move the rows (see CohortRows.reserve): where this one starts is read after.
    rows.reserve(length + taken)
    const from = rows.start[i]!
    const { mentor, weight } = rows
    mentor.copyWithin(rows.size, from, from + length)
    weight.copyWithin(rows.size, from, from + length)
    rows.start[i] = rows.size
    let write = rows.size + length
    let kept = 0
    let leftTop = Number.NEGATIVE_INFINITY
    let leastLeft = Number.POSITIVE_INFINITY
    for (let r = 0; r < count; r++) {
      const slack = slackOf[r]!
      const j = reserveMentor[at + r]!
      const s = byScores ? scores[scoresAt + j]! : reserveScore[at + r]!
      if (slack < limit) {
        mentor[write] = j
        weight[write++] = s + bonus
      } else {
        reserveMentor[at + kept] = j
        if (!byScores) reserveScore[at + kept] = s
        kept++
        if (s + bonus > leftTop) leftTop = s + bonus
        if (slack < leastLeft) leastLeft = slack
      }
    }
    rows.size = write
    rows.end[i] = write
    rows.sortRow(i, potential, n, scale)
    rows.reserved[i] = kept
    rows.floor[i] = Math.max(u - leastLeft, far)
    rows.cap[i] = Math.max(leftTop, rows.farCap[i]!)
    return true
  }

  // The cuts of a widened row, from `bins` (pairs per point of slack): the row takes the pairs below
  // `cut` points (`kept` of them), the reserve those from there to `reserveCut`.
  let cut = 0
  let kept = 0
  let reserveCut = 0
  const cutsFor = (least: number): void => {
    cut = 0
    kept = 0
    while (cut < SLACK_BINS && (cut < least || kept < WIDE_KEEP)) kept += bins[cut++]!
    // Past the counted bins the row takes every candidate.
    if (cut === SLACK_BINS && least > SLACK_BINS) kept += bins[cut++]!
    // The reserve takes the next whole bins, as many as fit.
    reserveCut = cut
    let reserving = 0
    while (reserveCut <= SLACK_BINS && reserving + bins[reserveCut]! <= R) reserving += bins[reserveCut++]!
  }

  /** Writes row i anew and its bounds; `reserved` pairs were written to its reserve. */
  const finish = (
    i: number,
    u: number,
    potential: Float64Array,
    at: number,
    reserved: number,
    reserveTop: number,
    reserveLeast: number,
    farTop: number,
    farLeast: number,
  ): void => {
    rows.size = at
    rows.end[i] = at
    rows.sortRow(i, potential, n, scale)
    rows.reserved[i] = reserved
    rows.farFloor[i] = u - farLeast
    rows.farCap[i] = farTop
    // Exact over what is left out: u less the least slack among those pairs (−∞ when none is).
    rows.floor[i] = u - Math.min(reserveLeast, farLeast)
    rows.cap[i] = Math.max(reserveTop, farTop)
  }

  // Where the last widening from kept scores found the reserve's limit, in points (see widenFromScores).
  let guessBins = 8
  // A copy of a row's counts per score, less the pairs taken into row and reserve (kept scores only).
  const leftCounts = new Int32Array(frame.heaviest + 1)

  /**
   * Row i widened from its kept scores instead of scoring the mentee again: the same pairs, in the
   * same order, with the same bounds.
   */
  const widenFromScores = (i: number, u: number, potential: Float64Array, least: number): void => {
    const at = i * m
    const { scores, scoreCounts } = rows
    // The mentors of row and reserve are listed in the same pass, below a guess at the reserve's
    // limit (the last one and two points); when the limit lies further, in a pass of their own.
    const guess = guessBins * scale
    const listedBelowGuess = keptSlack(scores, at, m, u - bonus, potential, n, scale, slackOf, bins, guess, taken)
    cutsFor(least)
    const limit = cut > SLACK_BINS ? Number.POSITIVE_INFINITY : cut * scale
    const reserveLimit = reserveCut > SLACK_BINS ? Number.POSITIVE_INFINITY : reserveCut * scale
    const listed =
      reserveLimit <= guess ? keepBelow(slackOf, taken, listedBelowGuess, reserveLimit) : listBelow(slackOf, m, reserveLimit, taken)
    guessBins = Math.min(SLACK_BINS, reserveCut + 2)
    rows.reserve(kept)
    const { mentor, weight } = rows
    let write = rows.size
    rows.start[i] = write
    const reserveAt = i * R
    let reserved = 0
    let reserveTop = Number.NEGATIVE_INFINITY
    let reserveLeast = Number.POSITIVE_INFINITY
    const H = leftCounts.length
    for (let v = 0; v < H; v++) leftCounts[v] = scoreCounts[i * H + v]!
    for (let t = 0; t < listed; t++) {
      const j = taken[t]!
      const pairSlack = slackOf[j]!
      const s = scores[at + j]!
      if (pairSlack < limit) {
        mentor[write] = j
        weight[write++] = s + bonus
      } else {
        rows.reserveMentor[reserveAt + reserved] = j
        if (rows.reserveScore.length > 0) rows.reserveScore[reserveAt + reserved] = s
        reserved++
        if (s + bonus > reserveTop) reserveTop = s + bonus
        if (pairSlack < reserveLeast) reserveLeast = pairSlack
      }
      leftCounts[s]!--
    }
    // The pairs in neither: their best score from what is left of the counts, and reserveLimit as
    // their least slack (a bound is enough).
    let farScore = H - 1
    while (farScore >= 0 && leftCounts[farScore] === 0) farScore--
    finish(
      i,
      u,
      potential,
      write,
      reserved,
      reserveTop,
      reserveLeast,
      farScore < 0 ? Number.NEGATIVE_INFINITY : farScore + bonus,
      farScore < 0 ? Number.POSITIVE_INFINITY : reserveLimit,
    )
  }

  /** Row i widened by scoring mentee i again against every mentor. */
  const widenScoredAgain = (i: number, u: number, potential: Float64Array, least: number): void => {
    scoreCandidates(frame, i, out, closed, counts ?? undefined, i - rows.scoredRows)
    scoredSlack(out, m, u - bonus, potential, n, scale, slackOf, bins)
    cutsFor(least)
    const limit = cut > SLACK_BINS ? Number.POSITIVE_INFINITY : cut * scale
    const reserveLimit = reserveCut > SLACK_BINS ? Number.POSITIVE_INFINITY : reserveCut * scale
    // The mentors of row and reserve, in mentor order.
    const listed = listBelow(slackOf, m, reserveLimit, taken)
    rows.reserve(kept)
    const { mentor, weight } = rows
    let at = rows.size
    rows.start[i] = at
    const reserveAt = i * R
    let reserved = 0
    let reserveTop = Number.NEGATIVE_INFINITY
    let reserveLeast = Number.POSITIVE_INFINITY
    for (let t = 0; t < listed; t++) {
      const j = taken[t]!
      const pairSlack = slackOf[j]!
      if (pairSlack < limit) {
        mentor[at] = j
        weight[at++] = out[j]! + bonus
      } else {
        rows.reserveMentor[reserveAt + reserved] = j
        rows.reserveScore[reserveAt + reserved++] = out[j]!
        if (out[j]! + bonus > reserveTop) reserveTop = out[j]! + bonus
        if (pairSlack < reserveLeast) reserveLeast = pairSlack
      }
      if (counts !== null) counts[out[j]! + 1]!--
    }
    // The pairs in neither (every candidate at reserveLimit or further below the price): their best
    // score from what is left of the counts, and reserveLimit as their least slack (a bound is enough).
    let farTop = Number.NEGATIVE_INFINITY
    let farLeast = Number.POSITIVE_INFINITY
    if (counts !== null) {
      let v = frame.heaviest
      while (v >= 0 && counts[v + 1] === 0) v--
      if (v >= 0) {
        farTop = v + bonus
        farLeast = reserveLimit
      }
      counts.fill(0)
    } else
      for (let j = 0; j < m; j++)
        if (out[j]! >= 0 && slackOf[j]! >= reserveLimit) {
          if (out[j]! + bonus > farTop) farTop = out[j]! + bonus
          if (slackOf[j]! < farLeast) farLeast = slackOf[j]!
        }
    finish(i, u, potential, at, reserved, reserveTop, reserveLeast, farTop, farLeast)
  }

  return (i: number, u: number, potential: Float64Array, need: number, slack: number): void => {
    // The new floor lies further below the price than the old one and below `need` when that is near
    // (so this search does not ask again soon).
    const before = Math.floor(slack / scale)
    const needed = need <= SLACK_BINS * scale ? Math.floor(need / scale) + 1 : 0
    if (fromReserve(i, u, potential, Math.max(1, before + 1, needed))) return
    rows.widened++
    // At least twice as far below the price as before, so a row is widened a few times at most.
    const least = Math.max(WIDE_SLACK, 2 * before + 1, needed)
    if (i < rows.scoredRows) widenFromScores(i, u, potential, least)
    else widenScoredAgain(i, u, potential, least)
  }
}
