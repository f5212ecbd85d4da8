// The administrators' waitlist overview (docs/admin.md#waitlist): the supply gaps against a plain
// count over random answers, and the small-group rule on every figure it shows.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DAY, partShownBeside, SMALL_GROUP_LIMIT, supplyGapsOf, waitlistOverviewOf, type Answer, type QuestionPair } from '../src/index.js'

const PAIR = { languages: 1, gender: 2 }
const pairOf = (questionPairId: number, rule: QuestionPair['rule'], options: readonly string[], noPreference?: string): QuestionPair => ({
  questionPairId,
  rule,
  kind: 'choice',
  weight: 1,
  mustFit: rule === 'MultipleFit',
  minYearsAhead: 0,
  topic: 't',
  mentee: { questionId: 10 * questionPairId, text: { en: 'q', de: 'f' }, maxOption: 4 },
  mentor: { questionId: 10 * questionPairId + 1, text: { en: 'q', de: 'f' }, maxOption: 4 },
  options: options.map((en, i) => ({
    id: 100 * questionPairId + i,
    text: { en, de: en },
    noPreference: en === noPreference,
    noSuchBackground: false,
  })),
})
const languages = pairOf(PAIR.languages, 'MultipleFit', ['German', 'English', 'French', 'Spanish', 'Turkish', 'Arabic'])
const gender = pairOf(PAIR.gender, 'SingleFit', ['Female', 'Male', 'No preference'], 'No preference')
const questionnaire = { pairs: [languages, gender] }
const optionOf = (pair: QuestionPair, en: string) => pair.options.find((o) => o.text.en === en)!.id
const choice = (pair: QuestionPair, ...en: string[]): Answer => ({
  questionPairId: pair.questionPairId,
  optionIds: en.map((e) => optionOf(pair, e)),
  year: null,
  text: null,
})

describe('supply gaps', () => {
  it('names the options waiting mentees chose that no available mentor offers, most asked first', () => {
    const waiting = [
      [choice(languages, 'German', 'French')],
      [choice(languages, 'French', 'Arabic')],
      [choice(languages, 'Arabic')],
      [choice(languages, 'French')],
    ]
    const mentors = [[choice(languages, 'German', 'English')], [choice(languages, 'English')]]
    expect(supplyGapsOf(questionnaire, waiting, mentors)).toEqual([
      { questionPairId: PAIR.languages, optionId: optionOf(languages, 'French'), mentees: 3 },
      { questionPairId: PAIR.languages, optionId: optionOf(languages, 'Arabic'), mentees: 2 },
    ])
  })

  it('never counts "no preference": a mentee choosing it wants nothing missing, a mentor choosing it offers every option', () => {
    const waiting = [[choice(gender, 'No preference')], [choice(gender, 'Female')]]
    expect(supplyGapsOf(questionnaire, waiting, [[choice(gender, 'Male')]])).toEqual([
      { questionPairId: PAIR.gender, optionId: optionOf(gender, 'Female'), mentees: 1 },
    ])
    expect(supplyGapsOf(questionnaire, waiting, [[choice(gender, 'Male')], [choice(gender, 'No preference')]])).toEqual([])
  })

  it('agrees with a plain count over random answers of the languages question', () => {
    const names = languages.options.map((o) => o.text.en)
    const answers = fc.array(fc.subarray(names, { minLength: 1, maxLength: 4 }), { maxLength: 12 })
    fc.assert(
      fc.property(answers, answers, (menteeChoices, mentorChoices) => {
        const offered = new Set(mentorChoices.flat())
        const expected = names
          .filter((n) => !offered.has(n))
          .map((n) => ({ optionId: optionOf(languages, n), mentees: menteeChoices.filter((c) => c.includes(n)).length }))
          .filter((g) => g.mentees > 0)
        const gaps = supplyGapsOf(
          questionnaire,
          menteeChoices.map((c) => [choice(languages, ...c)]),
          mentorChoices.map((c) => [choice(languages, ...c)]),
        )
        expect(gaps.map(({ optionId, mentees }) => ({ optionId, mentees })).sort((a, b) => a.optionId - b.optionId)).toEqual(
          expected.sort((a, b) => a.optionId - b.optionId),
        )
        // Most asked first.
        expect(gaps.map((g) => g.mentees)).toEqual([...gaps.map((g) => g.mentees)].sort((a, b) => b - a))
      }),
    )
  })
})

const times = (n: number, value: number): number[] => Array.from({ length: n }, () => value)

describe('what the overview shows', () => {
  const now = 100 * DAY
  it('counts the waiting, the median days and the waiting-time buckets when every bucket is large enough', () => {
    const since = [...times(5, now - 2 * DAY), ...times(6, now - 10 * DAY), ...times(5, now - 40 * DAY)]
    const overview = waitlistOverviewOf(since, now, [])
    expect(overview.waiting).toEqual({ _tag: 'Count', value: 16 })
    expect(overview.medianDaysWaiting).toEqual({ _tag: 'Value', value: 10 })
    expect(overview.byWaitingTime).toEqual([
      { fromDays: 0, count: { _tag: 'Count', value: 5 } },
      { fromDays: 7, count: { _tag: 'Count', value: 6 } },
      { fromDays: 30, count: { _tag: 'Count', value: 5 } },
    ])
  })

  it('hides the buckets when one is small, and everything but "fewer than 5" for a small waitlist', () => {
    const since = [...times(5, now - 2 * DAY), ...times(3, now - 10 * DAY)]
    expect(waitlistOverviewOf(since, now, []).byWaitingTime).toBeNull()
    const small = waitlistOverviewOf([now - DAY, now - 3 * DAY], now, [{ questionPairId: 1, optionId: 3, mentees: 2 }])
    expect(small).toEqual({
      waiting: { _tag: 'FewerThan', limit: SMALL_GROUP_LIMIT },
      medianDaysWaiting: { _tag: 'Hidden', limit: SMALL_GROUP_LIMIT },
      byWaitingTime: null,
      supplyGaps: [],
    })
  })

  it('shows no gap whose group, or the rest of the waiting beside it, is below 5', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.array(fc.nat(40)), (total, sizes) => {
        const gaps = sizes.filter((n) => n <= total && n > 0).map((mentees, i) => ({ questionPairId: 1, optionId: i, mentees }))
        const shown = waitlistOverviewOf(times(total, now), now, gaps).supplyGaps
        for (const g of shown) {
          expect(g.mentees).toBeGreaterThanOrEqual(SMALL_GROUP_LIMIT)
          expect(total - g.mentees === 0 || total - g.mentees >= SMALL_GROUP_LIMIT).toBe(true)
        }
        expect(shown.length).toBe(gaps.filter((g) => partShownBeside(g.mentees, total)).length)
      }),
    )
  })
})
