// An independent check of assignCohort's answers, written from the definitions only: candidate pairs
// from the scoring rules, the optimality certificate verified by linear-programming duality, and the
// optimum recomputed by npm munkres on a dense matrix of mentees × mentor places.
import munkres from 'munkres'
import { scoreMentor, type CohortInput, type CohortResult } from '../../src/index.js'
import { compileQuestionnaire, packMentorPool } from '../../src/index.js'
import { planFor, scoreColumns } from '../../src/matching/ranking.packed.js'

/** A candidate pair: row = index in input.mentees, column = index in input.mentors; base score. */
export type Candidate = { readonly row: number; readonly column: number; readonly base: number }
/** Every candidate pair in a dense table (a test may hold a matrix; the solver may not): NaN = none. */
export type Candidates = { readonly columns: number; readonly base: Float64Array; readonly list: readonly Candidate[] }

const placesOf = (input: CohortInput): number[] => {
  const places = input.mentors.map((m) => m.capacity ?? 1)
  for (const pair of input.live ?? []) {
    const j = input.mentors.findIndex((m) => m.id === pair.mentorId)
    if (j >= 0) places[j] = Math.max(0, places[j]! - 1)
  }
  return places
}

const liveMentees = (input: CohortInput): Set<number> => new Set((input.live ?? []).map((p) => p.menteeId))

/** Base score of each (mentee, mentor) pair or null when knocked out; reference rules or the participant run's packed path. */
export type PairScores = (row: number) => (column: number) => { base: number; percentage: number } | null

export const referenceScores =
  (input: CohortInput): PairScores =>
  (row) =>
  (column) =>
    scoreMentor(input.questionnaire, input.mentees[row]!.answers, input.mentors[column]!.answers)

export const packedScores = (input: CohortInput): PairScores => {
  const compiled = compileQuestionnaire(input.questionnaire)
  const pool = packMentorPool(
    compiled,
    input.mentors.map((m) => ({ id: m.id, answers: m.answers, poolSince: null })),
  )
  return (row) => {
    const plan = planFor(compiled, input.mentees[row]!.answers)
    const { base, max, knockedOut } = scoreColumns(plan, pool)
    return (column) =>
      knockedOut[column] === 1
        ? null
        : { base: base[column]!, percentage: max[column] === 0 ? 0 : Math.round((100 * base[column]!) / max[column]!) }
  }
}

/** Every pair the rules allow: not live, mentor with a place, not declined, not the same person, no knock-out, at or above the threshold. */
export const candidatesOf = (input: CohortInput, scores: PairScores = referenceScores(input)): Candidates => {
  const places = placesOf(input)
  const live = liveMentees(input)
  const declined = new Set((input.declined ?? []).map((p) => `${p.menteeId}:${p.mentorId}`))
  const out: Candidate[] = []
  const columns = input.mentors.length
  const table = new Float64Array(input.mentees.length * columns).fill(Number.NaN)
  input.mentees.forEach((mentee, row) => {
    if (live.has(mentee.id)) return
    const score = scores(row)
    input.mentors.forEach((mentor, column) => {
      if (places[column] === 0 || mentor.id === mentee.id || declined.has(`${mentee.id}:${mentor.id}`)) return
      const s = score(column)
      if (s !== null && s.percentage >= input.threshold) {
        out.push({ row, column, base: s.base })
        table[row * columns + column] = s.base
      }
    })
  })
  return { columns, base: table, list: out }
}

const key = (row: number, column: number): string => `${row}:${column}`
const candidateAt = (candidates: Candidates, row: number, column: number): Candidate | undefined => {
  const base = candidates.base[row * candidates.columns + column]!
  return Number.isNaN(base) ? undefined : { row, column, base }
}

/** Everything wrong with the result's certificate and assignment; empty when it proves optimality. */
export const certificateProblems = (input: CohortInput, result: CohortResult, all: Candidates): string[] => {
  const candidates = all.list
  const problems: string[] = []
  const { scale, bonus, menteePrices: u, mentorPrices: v } = result.certificate
  const places = placesOf(input)
  const rowOfId = new Map(input.mentees.map((m, i) => [m.id, i]))
  const columnOfId = new Map(input.mentors.map((m, j) => [m.id, j]))
  const weight = (c: Candidate): number => Math.round(c.base * scale) + bonus
  const inCohort = input.mentees.filter((m) => !liveMentees(input).has(m.id)).length
  if (![1, 10, 100, 1000, 1e4, 1e5, 1e6].includes(scale)) problems.push(`scale ${scale} is not a power of ten`)
  for (const c of candidates)
    if (Math.abs(c.base * scale - Math.round(c.base * scale)) > 1e-6) problems.push(`score ${c.base} is not whole at scale ${scale}`)
  const heaviest = candidates.reduce((most, c) => Math.max(most, Math.round(c.base * scale)), 0)
  const assignable = Math.min(
    inCohort,
    places.reduce((a, b) => a + b, 0),
  )
  if (input.objective === 'maxScore' ? bonus !== 0 : bonus <= assignable * heaviest)
    problems.push(`bonus ${bonus} does not fit the objective`)
  if (u.length !== input.mentees.length || v.length !== input.mentors.length) problems.push('one price per mentee and per mentor')
  if (u.some((p) => !(p >= 0) || !Number.isSafeInteger(p)) || v.some((p) => !(p >= 0) || !Number.isSafeInteger(p)))
    problems.push('prices must be whole and ≥ 0')
  for (const c of candidates)
    if (u[c.row]! + v[c.column]! < weight(c))
      problems.push(`pair ${key(c.row, c.column)} is not covered: ${u[c.row]} + ${v[c.column]} < ${weight(c)}`)
  const load = new Array<number>(input.mentors.length).fill(0)
  const matched = new Set<number>()
  let primal = 0
  for (const pair of result.pairs) {
    const row = rowOfId.get(pair.menteeId)
    const column = columnOfId.get(pair.mentorId)
    const c = row === undefined || column === undefined ? undefined : candidateAt(all, row, column)
    if (c === undefined || row === undefined || column === undefined) {
      problems.push(`pair ${pair.menteeId}–${pair.mentorId} is no candidate`)
      continue
    }
    if (matched.has(row)) problems.push(`mentee ${pair.menteeId} matched twice`)
    matched.add(row)
    load[column]!++
    primal += weight(c)
    if (u[row]! + v[column]! !== weight(c)) problems.push(`assigned pair ${key(row, column)} is not tight`)
    const reference = scoreMentor(input.questionnaire, input.mentees[row]!.answers, input.mentors[column]!.answers)
    if (JSON.stringify(reference) !== JSON.stringify(pair.score))
      problems.push(`pair ${key(row, column)} carries a score other than the rules give`)
  }
  load.forEach((l, j) => {
    if (l > places[j]!) problems.push(`mentor ${j} over capacity`)
    if (v[j]! > 0 && l < places[j]!) problems.push(`mentor ${j} has a price but a free place`)
  })
  u.forEach((p, i) => {
    if (p > 0 && !matched.has(i)) problems.push(`unmatched mentee ${i} has a price`)
  })
  const dual = u.reduce((a, b) => a + b, 0) + v.reduce((a, p, j) => a + p * places[j]!, 0)
  if (primal !== dual) problems.push(`primal ${primal} ≠ dual ${dual}`)
  if (result.certificate.primal !== primal || result.certificate.dual !== dual)
    problems.push('certificate totals differ from the recomputed ones')
  // Everyone in the cohort is accounted for once, with the right reason.
  const seen = [...result.pairs.map((p) => p.menteeId), ...result.unmatched.map((p) => p.menteeId), ...result.alreadyLive]
  if (seen.length !== input.mentees.length || new Set(seen).size !== seen.length) problems.push('every mentee appears exactly once')
  const perRow = new Map<number, number>()
  for (const c of candidates) perRow.set(c.row, (perRow.get(c.row) ?? 0) + 1)
  for (const un of result.unmatched) {
    const count = perRow.get(rowOfId.get(un.menteeId)!) ?? 0
    const expected =
      count > 0
        ? 'TakenByBetterAssignment'
        : knockedOutByMustFit(input, un.menteeId)
          ? 'MustFitKnocksEveryMentorOut'
          : 'NoMentorAboveThreshold'
    if (un.reason !== expected || un.candidates !== count)
      problems.push(`mentee ${un.menteeId}: reason ${un.reason} with ${un.candidates}, expected ${expected} with ${count}`)
  }
  return problems
}

/** Every mentor with a place the mentee may be paired with (not declined, not themselves) is knocked out, and there is one. */
const knockedOutByMustFit = (input: CohortInput, menteeId: number): boolean => {
  const places = placesOf(input)
  const mentee = input.mentees.find((m) => m.id === menteeId)!
  const declined = new Set((input.declined ?? []).filter((p) => p.menteeId === menteeId).map((p) => p.mentorId))
  const free = input.mentors.filter((m, j) => places[j]! > 0 && !declined.has(m.id) && m.id !== menteeId)
  return free.length > 0 && free.every((m) => scoreMentor(input.questionnaire, mentee.answers, m.answers) === null)
}

/** The optimum by npm munkres: (matched, total base) for the objective, from a dense mentees × places matrix. */
export const munkresOptimum = (input: CohortInput, all: Candidates): { matched: number; total: number } => {
  const candidates = all.list
  const places = placesOf(input)
  const rows = [...new Set(candidates.map((c) => c.row))]
  const columns = places.flatMap((p, j) => Array.from({ length: p }, () => j))
  if (rows.length === 0 || columns.length === 0) return { matched: 0, total: 0 }
  const scale = 1e6
  const heaviest = candidates.reduce((most, c) => Math.max(most, Math.round(c.base * scale)), 0)
  const bonus = input.objective === 'maxMatched' ? Math.min(rows.length, columns.length) * heaviest + 1 : 0
  const matrix = rows.map((row) =>
    Float64Array.from(columns, (column) => {
      const c = candidateAt(all, row, column)
      return c === undefined ? 0 : -(Math.round(c.base * scale) + bonus)
    }),
  )
  let matched = 0
  let total = 0
  for (const [r, k] of munkres(matrix)) {
    const c = candidateAt(all, rows[r]!, columns[k]!)
    if (c !== undefined && matrix[r]![k]! < 0) {
      matched++
      total += Math.round(c.base * scale)
    }
  }
  return { matched, total: total / scale }
}
