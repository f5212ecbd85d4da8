// Learning benchmark (docs/learning.md): the fit of 20,000 teams x 40 questions with its bootstrap,
// in CPU time of this one process (target <= 5 s), and the held-out year's margin in good teams when
// it is matched with the suggested weights instead of today's, with its interval over later years.
import { DEFAULT_LEARNING_SETTINGS, learnFromOutcomes } from '@tandem/core'
import { afterPrograms, expectedGoodTeams, simulatedProgram, simulatePrograms, todaysWeights } from '@tandem/fixtures'
import { measure, table } from './measure.js'

const questionsOf = (program: ReturnType<typeof simulatedProgram>) => program.questions.map((q) => q.pair)

const timeTheFit = () => {
  // 9 planted questions and 31 more of noise: 40.
  const program = simulatedProgram(31)
  const teams = simulatePrograms(program, { years: 10, teamsPerYear: 2_000, seed: 2026 })
  const learn = learnFromOutcomes(DEFAULT_LEARNING_SETTINGS, afterPrograms(10))
  const questions = questionsOf(program)
  let report = learn(questions, teams)
  const fit = measure(
    () => {
      report = learn(questions, teams)
      return report._tag === 'Learned' ? report.questions.length : 0
    },
    { warmupMs: 0, budgetMs: 0, minSamples: 3 },
  )
  const finished = report._tag === 'Learned' ? report.finishedTeams : 0
  return { teams: teams.length, finished, questions: questions.length, ms: fit.medianMs }
}

const heldOutMargin = () => {
  const program = simulatedProgram()
  const teams = simulatePrograms(program, { years: 5, teamsPerYear: 400, seed: 7 })
  const report = learnFromOutcomes(DEFAULT_LEARNING_SETTINGS, afterPrograms(5))(questionsOf(program), teams)
  if (report._tag !== 'Learned') throw new Error('the simulated program should have enough teams')
  const suggested = report.questions.map((q) => q.suggestedWeight)
  const years = 40
  const margins: number[] = []
  let today = 0
  for (let seed = 1_000; seed < 1_000 + years; seed++) {
    const withToday = expectedGoodTeams(program, todaysWeights(program), { teamsPerYear: 400, seed })
    today += withToday
    margins.push(expectedGoodTeams(program, suggested, { teamsPerYear: 400, seed }) - withToday)
  }
  const mean = margins.reduce((a, b) => a + b, 0) / years
  const sd = Math.sqrt(margins.reduce((a, b) => a + (b - mean) ** 2, 0) / (years - 1))
  const half = (1.96 * sd) / Math.sqrt(years)
  return { years, mean, low: mean - half, high: mean + half, today: today / years }
}

export default async (): Promise<void> => {
  const fit = timeTheFit()
  console.log(
    table([
      ['teams', 'finished', 'questions', 'replicates', 'fit + bootstrap CPU s', 'target s'],
      [fit.teams, fit.finished, fit.questions, DEFAULT_LEARNING_SETTINGS.replicates, (fit.ms / 1000).toFixed(2), 5],
    ]),
  )
  const margin = heldOutMargin()
  console.log(
    `held-out year (400 mentees, ${margin.years} later years): suggested weights give ${margin.mean.toFixed(1)} more good teams ` +
      `(95 % interval ${margin.low.toFixed(1)} to ${margin.high.toFixed(1)}) than today's ${margin.today.toFixed(1)}`,
  )
  await Promise.resolve()
}
