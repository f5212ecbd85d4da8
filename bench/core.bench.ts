// Core benchmark: score and rank one mentee against 1k, 10k and 100k generated mentors, on the
// packed path and the reference path, in nanoseconds per mentor. Target: ≤ 100 ns at 10k.
import { DEFAULT_MATCHING_OPTIONS, compileQuestionnaire, packMentorPool, rankMentors, rankMentorsReference, rankPool } from '@tandem/core'
import { candidatesOf, generatePopulation, menteeOf, questionnaire } from '@tandem/fixtures'
import type { Figure } from './check.figures.js'
import { measure, table } from './measure.js'

const SIZES = [1_000, 10_000, 100_000]
const MENTEES = 8
/** The reference needs tens of microseconds per mentor: at 100k one mentee keeps the run short. */
const referenceMentees = (size: number) => (size >= 100_000 ? 1 : size >= 10_000 ? 2 : MENTEES)

export default async (): Promise<void> => {
  const population = generatePopulation({ seed: 2026, mentees: MENTEES, mentors: Math.max(...SIZES), pausedShare: 0 })
  const everyone = candidatesOf(population)
  const mentees = population.mentees.map(menteeOf)
  const compiled = compileQuestionnaire(questionnaire)
  const options = DEFAULT_MATCHING_OPTIONS
  const rows: (string | number)[][] = [
    ['mentors', 'packed ns/mentor', 'reference ns/mentor', 'reference/packed', 'pack ns/mentor', 'rankMentors ns/mentor'],
  ]
  for (const size of SIZES) {
    const candidates = everyone.slice(0, size)
    const pool = packMentorPool(compiled, candidates)
    for (const mentee of mentees) {
      // A benchmark of two paths that disagree would measure nothing useful.
      if (
        JSON.stringify(rankPool(compiled, pool, mentee, options)) !==
        JSON.stringify(rankMentorsReference(questionnaire, mentee, candidates, options))
      ) {
        throw new Error(`packed and reference rankings differ at ${size} mentors`)
      }
    }
    const perMentor = (ms: number, mentors: number) => (ms * 1e6) / mentors
    const packed = measure(() => mentees.reduce((n, m) => n + rankPool(compiled, pool, m, options).length, 0))
    const few = mentees.slice(0, referenceMentees(size))
    const reference = measure(() => few.reduce((n, m) => n + rankMentorsReference(questionnaire, m, candidates, options).length, 0), {
      warmupMs: 0,
      budgetMs: 0,
      minSamples: 3,
    })
    const packing = measure(() => packMentorPool(compiled, candidates).size, { warmupMs: 0, budgetMs: 500, minSamples: 3 })
    const whole = measure(() => rankMentors(questionnaire, mentees[0]!, candidates, options).length, {
      warmupMs: 0,
      budgetMs: 500,
      minSamples: 3,
    })
    const packedNs = perMentor(packed.medianMs, size * MENTEES)
    const referenceNs = perMentor(reference.medianMs, size * few.length)
    rows.push([
      size.toLocaleString('en'),
      packedNs.toFixed(1),
      referenceNs.toFixed(1),
      `${(referenceNs / packedNs).toFixed(1)}x`,
      perMentor(packing.medianMs, size).toFixed(1),
      perMentor(whole.medianMs, size).toFixed(1),
    ])
  }
  console.log(
    `questionnaire: ${questionnaire.pairs.length} pairs; packed: ${MENTEES} mentees per repetition, reference: ${SIZES.map(referenceMentees).join('/')}; median CPU time of samples; options ${JSON.stringify(options)}`,
  )
  console.log(table(rows))
  console.log('packed = rankPool on a packed pool; rankMentors = pack + rank in one call (what a one-off script pays).')
}

/** The bench guard's short version: 10,000 mentors, packed against the reference in the same run. */
export const check = async (): Promise<Figure[]> => {
  const size = 10_000
  const population = generatePopulation({ seed: 2026, mentees: MENTEES, mentors: size, pausedShare: 0 })
  const candidates = candidatesOf(population)
  const mentees = population.mentees.map(menteeOf)
  const compiled = compileQuestionnaire(questionnaire)
  const pool = packMentorPool(compiled, candidates)
  const options = DEFAULT_MATCHING_OPTIONS
  const packed = measure(() => mentees.reduce((n, m) => n + rankPool(compiled, pool, m, options).length, 0), { budgetMs: 1000 })
  const few = mentees.slice(0, referenceMentees(size))
  const reference = measure(() => few.reduce((n, m) => n + rankMentorsReference(questionnaire, m, candidates, options).length, 0), {
    warmupMs: 0,
    budgetMs: 0,
    minSamples: 3,
  })
  const packedNs = (packed.medianMs * 1e6) / (size * MENTEES)
  const referenceNs = (reference.medianMs * 1e6) / (size * few.length)
  return [
    {
      key: 'ranking-10k',
      what: 'ranking one mentee against 10,000 mentors (packed)',
      value: referenceNs / packedNs,
      unit: '× faster than the reference',
      better: 'higher',
      detail: `${packedNs.toFixed(1)} ns per mentor (target ≤ 35), reference ${referenceNs.toFixed(0)} ns`,
    },
  ]
}
