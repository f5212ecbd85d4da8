// The question the tests add to a live questionnaire (a choice question both sides are asked, not
// must-fit), as an administrator's draft holds it.
import type { DraftQuestion } from '@tandem/core'

export const ADDED_QUESTION: DraftQuestion = {
  questionPairId: 99,
  rule: 'SingleFit',
  kind: 'choice',
  weight: 5,
  mustFit: false,
  minYearsAhead: 0,
  topic: 'working-together',
  mentee: { questionId: 9901, text: { en: 'Which sport do you like?', de: 'Welchen Sport mögen Sie?' }, maxOption: 1 },
  mentor: { questionId: 9902, text: { en: 'Which sport do you like?', de: 'Welchen Sport mögen Sie?' }, maxOption: 1 },
  options: [
    { id: 99001, text: { en: 'Rowing', de: 'Rudern' }, noPreference: false, noSuchBackground: false, retired: false },
    { id: 99002, text: { en: 'Chess', de: 'Schach' }, noPreference: false, noSuchBackground: false, retired: false },
  ],
  retired: false,
}
