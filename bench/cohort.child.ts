// One cohort instance measured in its own process (spawned by cohort.bench.ts), so its peak RSS is
// its own: assignCohort, then (when asked) npm munkres on the same pairs as a dense matrix.
import { assignCohort, compileQuestionnaire, packMentorPool, percentageOf, type Answer, type CohortInput } from '@tandem/core'
import { generatePopulation, questionnaire, seededRandom } from '@tandem/fixtures'
import munkres from 'munkres'
import { planFor, scoreColumns } from '../core/src/matching/ranking.packed.js'

const [mentees, mentors, maxCapacity, withMunkres, answeredShare] = process.argv.slice(2).map(Number) as [
  number,
  number,
  number,
  number,
  number,
]
const THRESHOLD = 30
/** Popular answers: options drawn by Zipf's law, so scores tie a lot. */
const ZIPF = 1.2

const cpuSeconds = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1e6
}

const population = generatePopulation({ seed: 14, mentees, mentors, pausedShare: 0, zipf: ZIPF })
const random = seededRandom(41)

// With a share ≥ 0: a question added to the questionnaire (a copy of its first choice question under
// a new id) that only that share of each side has answered since, the rest leaving it open.
const copied = questionnaire.pairs.find((p) => p.rule === 'SingleFit' || p.rule === 'MultipleFit')
const addedId = Math.max(...questionnaire.pairs.map((p) => p.questionPairId)) + 1
const adding = answeredShare >= 0 && copied !== undefined
const scored = adding ? { ...questionnaire, pairs: [...questionnaire.pairs, { ...copied, questionPairId: addedId }] } : questionnaire
const answered = (answers: readonly Answer[]): Answer[] => {
  const copy = adding ? answers.find((a) => a.questionPairId === copied.questionPairId) : undefined
  return copy !== undefined && random.next() < answeredShare ? [...answers, { ...copy, questionPairId: addedId }] : [...answers]
}

const input: CohortInput = {
  questionnaire: scored,
  mentees: population.mentees.map((p) => ({ id: p.id, answers: answered(p.menteeAnswers ?? []) })),
  mentors: population.mentors.map((p) => ({
    id: p.id,
    answers: answered(p.mentorAnswers ?? []),
    capacity: maxCapacity === 1 ? 1 : random.int(1, maxCapacity),
  })),
  threshold: THRESHOLD,
  objective: 'maxMatched',
}
const rssBefore = process.memoryUsage().rss
let phases = ''
let lastPhase = ''
let phaseStart = cpuSeconds()
const wallStart = performance.now()
const cpuStart = cpuSeconds()
const result = assignCohort(input, {
  onProgress: ({ phase }) => {
    if (phase === lastPhase) return
    const now = cpuSeconds()
    if (lastPhase !== '') phases += `${lastPhase} ${(now - phaseStart).toFixed(2)}; `
    lastPhase = phase
    phaseStart = now
  },
})
const seconds = (performance.now() - wallStart) / 1000
const cpu = cpuSeconds() - cpuStart
phases += `${lastPhase} ${(cpuSeconds() - phaseStart).toFixed(2)} (CPU s); `
if (result._tag === 'Left') throw new Error(JSON.stringify(result.left))
const ours = result.right
const peakMb = process.resourceUsage().maxRSS / 1024
const heapMb = process.memoryUsage().heapUsed / 2 ** 20

let munkresSeconds: number | null = null
let munkresAgrees: boolean | null = null
if (withMunkres === 1) {
  // The same candidate pairs as a dense matrix of mentees × mentor places (what munkres needs).
  const compiled = compileQuestionnaire(scored)
  const pool = packMentorPool(
    compiled,
    input.mentors.map((m) => ({ id: m.id, answers: m.answers, poolSince: null })),
  )
  const columns: number[] = input.mentors.flatMap((m, j) => Array.from({ length: m.capacity ?? 1 }, () => j))
  const bonus = ours.certificate.bonus
  const matrix = input.mentees.map((mentee) => {
    const plan = planFor(compiled, mentee.answers)
    const { base, max, knockedOut } = scoreColumns(plan, pool)
    const candidate = (j: number) => knockedOut[j] === 0 && percentageOf(base[j]!, max[j]!) >= THRESHOLD
    return Float64Array.from(columns, (j) => (candidate(j) ? -(base[j]! + bonus) : 0))
  })
  const start = cpuSeconds()
  const assignment = munkres(matrix)
  munkresSeconds = cpuSeconds() - start
  let matched = 0
  let total = 0
  for (const [row, column] of assignment) {
    const cost = matrix[row]![column]!
    if (cost < 0) {
      matched++
      total += -cost - bonus
    }
  }
  munkresAgrees = matched === ours.totals.matched && total === ours.totals.totalScore
}

console.log(
  JSON.stringify({
    mentees,
    mentors,
    places: ours.totals.places,
    seconds,
    cpu,
    phases,
    peakMb,
    heapMb,
    rssBeforeMb: rssBefore / 2 ** 20,
    matched: ours.totals.matched,
    totalScore: ours.totals.totalScore,
    meanPercentage: ours.totals.meanPercentage,
    stats: ours.stats,
    munkresSeconds,
    munkresAgrees,
  }),
)
