// Using the matching core from a plain script: no server, no database. Generates a population,
// ranks mentors for each mentee, and prints the proposals with what each pair has in common.
//
//   node --import tsx examples/rank-from-script.ts [seed] [mentors]
import { compileQuestionnaire, DEFAULT_MATCHING_OPTIONS, packMentorPool, rankMentors, rankPool, type QuestionScore } from '@tandem/core'
import { candidatesOf, exampleMentee, exampleMentors, generatePopulation, menteeOf, questionnaire } from '@tandem/fixtures'

const seed = Number(process.argv[2] ?? 42)
const mentorCount = Number(process.argv[3] ?? 2000)

// 1. The worked example of docs/matching.md, ranked in one call.
const names = new Map(exampleMentors.map((m) => [m.id, m.name]))
console.log(`Worked example: proposals for ${exampleMentee.name}`)
for (const { mentorId, score } of rankMentors(questionnaire, exampleMentee, exampleMentors, DEFAULT_MATCHING_OPTIONS)) {
  console.log(`  ${names.get(mentorId)}: ${score.base} / ${score.max} points, ${score.percentage} %`)
}

// 2. A synthetic population: compile and pack once, then rank every mentee against the same pool.
const population = generatePopulation({ seed, mentees: 5, mentors: mentorCount })
const candidates = candidatesOf(population)
const compiled = compileQuestionnaire(questionnaire)
const pool = packMentorPool(compiled, candidates)
const mentorsById = new Map(population.mentors.map((m) => [m.id, m]))
// "No preference" fits everything, so it says nothing about what two people share.
const optionText = new Map(
  questionnaire.pairs.flatMap((p) => p.options.filter((o) => !o.noPreference).map((o) => [o.id, o.text.en] as const)),
)
const inCommon = (breakdown: readonly QuestionScore[]) =>
  breakdown
    .flatMap((q) => q.common)
    .flatMap((id) => optionText.get(id) ?? [])
    .slice(0, 4)
    .join(', ')

console.log(
  `\nPopulation: seed ${seed}, ${population.mentees.length} mentees, ${population.mentors.length} mentors, ${candidates.length} in the pool`,
)
for (const person of population.mentees) {
  const ranked = rankPool(compiled, pool, menteeOf(person), DEFAULT_MATCHING_OPTIONS)
  console.log(
    `mentee ${person.id} ${person.firstName} ${person.lastName} -> ${ranked.map((r) => `${r.mentorId}:${r.score.percentage}%`).join(' ') || 'no match'}`,
  )
  for (const { mentorId, score } of ranked) {
    const mentor = mentorsById.get(mentorId)
    console.log(
      `    ${mentor?.firstName} ${mentor?.lastName} (${mentor?.profile.professionalPosition}), ${score.base}/${score.max}; in common: ${inCommon(score.breakdown)}`,
    )
  }
}
