// The questionnaire draft's impact preview (core impactPreview) at 2,000 mentees × 2,000 mentors on
// the fixture questionnaire with popular (Zipf) answers, the draft doubling one question's weight and
// raising the threshold: CPU time over several runs, beside one plain cohort solve (assignCohort) of
// the same people measured in the same run as the baseline. The preview ranks both versions and
// solves the cohort twice, so about twice the baseline plus the ranking is expected.
// Target: the preview within 2 s on one core.
import { assignCohort, impactPreview, type CohortInput, type PreviewVersion } from '@tandem/core'
import { generatePopulation, questionnaire } from '@tandem/fixtures'
import { table } from './measure.js'

const SIZE = 2_000
const RUNS = 5
const TARGET_SECONDS = 2
const THRESHOLD = 30

const cpuSeconds = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1e6
}

const timed = (work: () => void): number => {
  const start = cpuSeconds()
  work()
  return cpuSeconds() - start
}

const spread = (xs: readonly number[]): string => {
  const sorted = [...xs].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]!
  return `${median.toFixed(2)} (${sorted[0]!.toFixed(2)}–${sorted[sorted.length - 1]!.toFixed(2)})`
}

export default async (): Promise<void> => {
  const population = generatePopulation({ seed: 14, mentees: SIZE, mentors: SIZE, pausedShare: 0, zipf: 1.2 })
  const people = {
    mentees: population.mentees.map((p) => ({ id: p.id, answers: p.menteeAnswers ?? [] })),
    mentors: population.mentors.map((p) => ({ id: p.id, answers: p.mentorAnswers ?? [], capacity: 1 })),
  }
  const published: PreviewVersion = { questionnaire, threshold: THRESHOLD }
  const doubled = questionnaire.pairs.findIndex((p) => p.rule !== 'MentorOnly' && !p.mustFit)
  const draft: PreviewVersion = {
    questionnaire: { pairs: questionnaire.pairs.map((p, i) => (i === doubled ? { ...p, weight: p.weight * 2 } : p)) },
    threshold: THRESHOLD + 5,
  }
  const cohort: CohortInput = { ...people, questionnaire, threshold: THRESHOLD, objective: 'maxMatched' }
  const baseline: number[] = []
  const preview: number[] = []
  let last = ''
  // Alternating runs: a slower stretch of the shared machine falls on both.
  for (let run = 0; run < RUNS; run++) {
    baseline.push(timed(() => void assignCohort(cohort)))
    preview.push(
      timed(() => {
        const result = impactPreview(people, published, draft)
        if (result._tag === 'Left') throw new Error(JSON.stringify(result.left))
        last = `top changed ${result.right.topChanged}, matched ${result.right.now.cohortMatched} → ${result.right.draft.cohortMatched}`
      }),
    )
  }
  const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  console.log(
    table([
      ['what', `CPU s, median (min–max) of ${RUNS}`, 'vs baseline'],
      ['one cohort solve (baseline)', spread(baseline), '1.0×'],
      [`impact preview (target ${TARGET_SECONDS} s)`, spread(preview), `${(median(preview) / median(baseline)).toFixed(1)}×`],
    ]),
  )
  console.log(`\n${SIZE.toLocaleString('en')} × ${SIZE.toLocaleString('en')}: ${last}`)
  if (median(preview) > TARGET_SECONDS) console.log(`over the target of ${TARGET_SECONDS} s`)
}
