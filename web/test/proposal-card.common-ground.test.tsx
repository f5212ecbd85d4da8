// A proposal card names what the two share (both years where the rule compares them), the
// weightiest first, at most five with a "show all" control, and shows the score as a meter too.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { QuestionnaireQuestion } from '@tandem/core'
import { ProposalCard } from '../src/features/dashboard/ProposalCard.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { aProposal, questions } from './utils/proposal.fixtures.js'

const choiceQuestion = (pairId: number, text: string): QuestionnaireQuestion => ({
  originalQuestionId: 100 + pairId,
  questionPairId: pairId,
  questionText: `${text}?`,
  ruleName: 'MultipleFit',
  answerKind: 'choice',
  maxOption: 3,
  topic: text,
  possibleAnswers: [
    {
      originalPossibleAnswerId: pairId * 10 + 1,
      optionText: `${text} option`,
      languageName: 'en',
      isNoPreference: false,
      isNoSuchBackground: false,
    },
  ],
  userSelectedAnswers: [],
})

const extra = [5, 6, 7, 8, 9].map((id) => choiceQuestion(id, `Topic ${id}`))
const allQuestions = [...questions(), ...extra]

const proposal = aProposal({
  baseMatchRuleScore: 14,
  maxScore: 20,
  percentage: 70,
  breakdown: [
    { questionPairId: 1, points: 0, max: 3, common: [] },
    { questionPairId: 2, points: 2, max: 4, common: [21, 22] },
    { questionPairId: 3, points: 4, max: 4, common: [], years: { mentee: 2021, mentor: 2009 } },
    ...extra.map((q, i) => ({ questionPairId: q.questionPairId, points: 1, max: i === 0 ? 3 : 1, common: [q.questionPairId * 10 + 1] })),
  ],
})

const render = (side: 'Mentee' | 'Mentor', language: 'en' | 'de' = 'en') =>
  renderWithProviders(<ProposalCard proposal={proposal} questions={allQuestions} side={side} onAccept={() => {}} onDecline={() => {}} />, {
    language,
  })

const items = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

describe('what you have in common', () => {
  it('lists only what the two share, with both years of a compared year, the weightiest first, at most five', async () => {
    await render('Mentee')
    expect(items()).toEqual([
      'Year you started working: you 2021, Max 2009',
      'Which industries: IT, Health',
      'Topic 5: Topic 5 option',
      'Topic 6: Topic 6 option',
      'Topic 7: Topic 7 option',
    ])
    expect(screen.queryByText(/Which gender would you prefer/)).toBeNull()
  })

  it('shows the rest behind "show all" and folds them away again', async () => {
    await render('Mentee')
    const user = userEvent.setup()
    const toggle = screen.getByRole('button', { name: 'Show all (7)' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)
    expect(items()).toHaveLength(7)
    expect(items().slice(5)).toEqual(['Topic 8: Topic 8 option', 'Topic 9: Topic 9 option'])
    await user.click(screen.getByRole('button', { name: 'Show fewer' }))
    expect(items()).toHaveLength(5)
  })

  it('puts the own year first for the mentor too, in German', async () => {
    await render('Mentor', 'de')
    expect(items()[0]).toBe('Year you started working: Sie 2009, Max 2021')
  })
})

describe('the score', () => {
  it('is a meter with a label and the score as its value text', async () => {
    await render('Mentee')
    const meter = screen.getByRole('meter', { name: 'Match score' })
    expect(meter.getAttribute('value')).toBe('14')
    expect(meter.getAttribute('max')).toBe('20')
    expect(meter.getAttribute('aria-valuetext')).toBe('14 / 20 points (70%)')
  })
})
