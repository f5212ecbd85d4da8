// Whole-cohort matching from a TypeScript script: a synthetic program year from the fixtures, every
// mentee assigned at once (most matched, then highest total), the certificate checked by hand.
//
//   node --import tsx examples/cohort-from-script.ts [mentees] [mentors] [maxMatched|maxScore]
// (examples/cohort-from-script.mjs is the same idea in plain JavaScript for the built package.)
import { assignCohort, type CohortInput } from '@tandem/core'
import { generatePopulation, questionnaire } from '@tandem/fixtures'

const menteeCount = Number(process.argv[2] ?? 200)
const mentorCount = Number(process.argv[3] ?? 120)
const objective = process.argv[4] === 'maxScore' ? 'maxScore' : 'maxMatched'

const population = generatePopulation({ seed: 7, mentees: menteeCount, mentors: mentorCount, pausedShare: 0 })
const input: CohortInput = {
  questionnaire,
  mentees: population.mentees.map((p) => ({ id: p.id, answers: p.menteeAnswers ?? [] })),
  // Every third mentor takes two mentees.
  mentors: population.mentors.map((p, i) => ({ id: p.id, answers: p.mentorAnswers ?? [], capacity: i % 3 === 0 ? 2 : 1 })),
  threshold: 30,
  objective,
}

const result = assignCohort(input)
if (result._tag === 'Left') throw new Error(JSON.stringify(result.left))
const { pairs, unmatched, totals, certificate } = result.right
console.log(
  `${objective}: ${totals.matched} of ${totals.mentees} mentees matched to ${totals.places} places, total ${totals.totalScore} points, mean ${totals.meanPercentage.toFixed(1)} %`,
)
const names = new Map([...population.mentees, ...population.mentors].map((p) => [p.id, `${p.firstName} ${p.lastName}`]))
for (const { menteeId, mentorId, score } of pairs.slice(0, 5))
  console.log(`  ${names.get(menteeId)} -> ${names.get(mentorId)}: ${score.base} / ${score.max} (${score.percentage} %)`)
const reasons = unmatched.reduce<Record<string, number>>((count, u) => ({ ...count, [u.reason]: (count[u.reason] ?? 0) + 1 }), {})
console.log(`unmatched: ${JSON.stringify(reasons)}`)

// Checking the certificate needs only the prices and the places: primal = dual proves optimality.
const places = input.mentors.map((m) => m.capacity ?? 1)
const dual = certificate.menteePrices.reduce((a, b) => a + b, 0) + certificate.mentorPrices.reduce((a, v, j) => a + v * places[j]!, 0)
const primal = pairs.reduce((a, p) => a + Math.round(p.score.base * certificate.scale) + certificate.bonus, 0)
console.log(`certificate: primal ${primal}, dual ${dual} -> ${primal === dual ? 'optimal' : 'not proven'}`)
