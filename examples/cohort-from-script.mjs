// Whole-cohort matching from plain JavaScript, with the built package: no server, no database, no
// TypeScript. A small program year: seven mentees, four mentors (one takes two), a declined pair
// and a tandem that is already live.
//
//   npm run build -w core && npm install ./core/dist   (in your own project: the path to core/dist)
//   node examples/cohort-from-script.mjs [maxMatched|maxScore]
import { assignCohort } from '@tandem/core'

const text = (en, de) => ({ en, de })
const option = (id, en, de, noPreference = false) => ({ id, text: text(en, de), noPreference, noSuchBackground: false })
const side = (questionId, maxOption) => ({ questionId, text: text('…', '…'), maxOption })

/** Three question pairs: a knock-out on languages, shared topics (points per topic), a meeting format. */
const questionnaire = {
  pairs: [
    {
      questionPairId: 1,
      rule: 'MultipleFit',
      kind: 'choice',
      weight: 1,
      mustFit: true,
      minYearsAhead: 0,
      topic: 'languages',
      mentee: side(1001, 2),
      mentor: side(2001, 2),
      options: [option(101, 'German', 'Deutsch'), option(102, 'English', 'Englisch')],
    },
    {
      questionPairId: 2,
      rule: 'MultipleMatchesFit',
      kind: 'choice',
      weight: 2,
      mustFit: false,
      minYearsAhead: 0,
      topic: 'mentoring-areas',
      mentee: side(1002, 3),
      mentor: side(2002, 3),
      options: [
        option(201, 'Starting a career', 'Berufseinstieg'),
        option(202, 'Leadership', 'Führung'),
        option(203, 'Founding', 'Gründung'),
        option(204, 'Negotiation', 'Verhandlung'),
      ],
    },
    {
      questionPairId: 3,
      rule: 'SingleFit',
      kind: 'choice',
      weight: 1,
      mustFit: false,
      minYearsAhead: 0,
      topic: 'working-together',
      mentee: side(1003, 1),
      mentor: side(2003, 1),
      options: [
        option(301, 'In person', 'Persönlich'),
        option(302, 'Online', 'Online'),
        option(303, 'No preference', 'Keine Präferenz', true),
      ],
    },
  ],
}

const answers = (languages, topics, meeting) => [
  { questionPairId: 1, optionIds: languages, year: null, text: null },
  { questionPairId: 2, optionIds: topics, year: null, text: null },
  { questionPairId: 3, optionIds: [meeting], year: null, text: null },
]

const names = new Map([
  [1, 'Ada'],
  [2, 'Ben'],
  [3, 'Cem'],
  [4, 'Dora'],
  [5, 'Emil'],
  [6, 'Fatma'],
  [7, 'Gus'],
  [11, 'Mentor Hanna'],
  [12, 'Mentor Ivo'],
  [13, 'Mentor Jule'],
  [14, 'Mentor Kai'],
])

const input = {
  questionnaire,
  mentees: [
    { id: 1, answers: answers([101], [201, 202], 301) },
    { id: 2, answers: answers([101, 102], [201], 302) },
    { id: 3, answers: answers([102], [203, 204], 303) },
    { id: 4, answers: answers([101], [202, 204], 301) },
    { id: 5, answers: answers([101], [201, 203], 302) },
    { id: 6, answers: answers([102], [201], 301) },
    { id: 7, answers: answers([101], [204], 302) },
  ],
  mentors: [
    { id: 11, answers: answers([101, 102], [201, 202, 204], 303), capacity: 2 },
    { id: 12, answers: answers([101], [202, 203], 301) },
    { id: 13, answers: answers([102], [203, 204], 302) },
    { id: 14, answers: answers([101, 102], [201, 203], 302) },
  ],
  threshold: 30,
  objective: process.argv[2] === 'maxScore' ? 'maxScore' : 'maxMatched',
  declined: [{ menteeId: 4, mentorId: 12 }],
  live: [{ menteeId: 7, mentorId: 14 }],
}

let lastPhase = ''
const result = assignCohort(input, {
  onProgress: ({ phase }) => {
    if (phase !== lastPhase) {
      lastPhase = phase
      console.log(`… ${phase}`)
    }
  },
})
if (result._tag === 'Left') {
  console.error(result.left)
  process.exit(1)
}
const { pairs, unmatched, alreadyLive, totals, certificate } = result.right
const topic = new Map(questionnaire.pairs.flatMap((p) => p.options.filter((o) => !o.noPreference).map((o) => [o.id, o.text.en])))

console.log(
  `Objective ${input.objective}: ${totals.matched} of ${totals.mentees} mentees matched, total ${totals.totalScore} points, mean ${totals.meanPercentage.toFixed(1)} %`,
)
for (const { menteeId, mentorId, score } of pairs) {
  const shared = score.breakdown
    .flatMap((q) => q.common)
    .flatMap((id) => topic.get(id) ?? [])
    .join(', ')
  console.log(
    `  ${names.get(menteeId)} -> ${names.get(mentorId)}: ${score.base} / ${score.max} points (${score.percentage} %), shares: ${shared}`,
  )
}
for (const { menteeId, reason, candidates } of unmatched)
  console.log(`  ${names.get(menteeId)} unmatched: ${reason} (${candidates} candidate${candidates === 1 ? '' : 's'})`)
for (const id of alreadyLive) console.log(`  ${names.get(id)} is already in a live tandem`)

// The certificate: prices with Σ mentee prices + Σ places × mentor price = the assignment's weight.
// No assignment can weigh more than that sum, so this one is optimal (docs/matching.md).
console.log(
  `Certificate: primal ${certificate.primal} = dual ${certificate.dual}: ${certificate.primal === certificate.dual ? 'optimal' : 'NOT PROVEN'}`,
)
