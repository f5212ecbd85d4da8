// "Profile complete" read from what is stored: the profile form's rules over the saved profile (a
// mentee needs a program year, a German profile a federal state, everyone a country and a city),
// and for a side also its questionnaire answers, valid for publishing or starting matching.
import { describe, expect, it } from 'vitest'
import {
  clusterIdOf,
  GERMANY_COUNTRY_ID,
  HOUR,
  isSideComplete,
  isStoredProfileComplete,
  PROFILE_ANSWER_MAX,
  type Answer,
  type Questionnaire,
  type StoredProfile,
} from '../src/index.js'

const NOW = Date.UTC(2026, 10, 28, 12)

const mentorProfile: StoredProfile = {
  countryCodeId: 12,
  stateOriginalId: null,
  city: 'Vienna',
  professionalPosition: 'Engineer',
  company: 'Example',
  language: 'en',
  participant: { mentee: null },
  profileAnswers: [{ questionId: 1, answer: 'About me' }],
}
const menteeProfile: StoredProfile = {
  ...mentorProfile,
  participant: { mentee: { status: 'NEW', noMatch: false, clusterId: clusterIdOf(2), lastStartedAt: null } },
}

const questionnaire: Questionnaire = {
  version: 1,
  pairs: [
    {
      questionPairId: 1,
      rule: 'SingleFit',
      kind: 'choice',
      weight: 1,
      mustFit: false,
      minYearsAhead: 0,
      topic: 't',
      mentee: { questionId: 101, text: { en: 'q', de: 'f' }, maxOption: 1 },
      mentor: { questionId: 201, text: { en: 'q', de: 'f' }, maxOption: 1 },
      options: [1, 2].map((id) => ({ id, text: { en: `o${id}`, de: `o${id}` }, noPreference: false, noSuchBackground: false })),
    },
  ],
}
const answered: Answer[] = [{ questionPairId: 1, optionIds: [2], year: null, text: null }]

describe('a stored profile is complete', () => {
  it('with a country, a city and, for a mentee, a program year', () => {
    expect(isStoredProfileComplete(mentorProfile)).toBe(true)
    expect(isStoredProfileComplete(menteeProfile)).toBe(true)
  })

  it('not without a country or a city, nor a mentee without a program year', () => {
    expect(isStoredProfileComplete({ ...mentorProfile, countryCodeId: null })).toBe(false)
    expect(isStoredProfileComplete({ ...mentorProfile, city: '  ' })).toBe(false)
    expect(
      isStoredProfileComplete({ ...menteeProfile, participant: { mentee: { ...menteeProfile.participant.mentee!, clusterId: null } } }),
    ).toBe(false)
  })

  it('not in Germany without a federal state, nor with a profile answer over its limit', () => {
    expect(isStoredProfileComplete({ ...mentorProfile, countryCodeId: GERMANY_COUNTRY_ID })).toBe(false)
    expect(isStoredProfileComplete({ ...mentorProfile, countryCodeId: GERMANY_COUNTRY_ID, stateOriginalId: 3 })).toBe(true)
    expect(
      isStoredProfileComplete({ ...mentorProfile, profileAnswers: [{ questionId: 1, answer: 'x'.repeat(PROFILE_ANSWER_MAX + 1) }] }),
    ).toBe(false)
  })
})

describe('a side is complete', () => {
  it('when the profile is and the side answered its questionnaire', () => {
    expect(isSideComplete(menteeProfile, questionnaire, 'Mentee', answered, NOW)).toBe(true)
    expect(isSideComplete(mentorProfile, questionnaire, 'Mentor', answered, NOW + HOUR)).toBe(true)
  })

  it('not with a question left unanswered, nor with an incomplete profile', () => {
    expect(isSideComplete(menteeProfile, questionnaire, 'Mentee', [], NOW)).toBe(false)
    expect(isSideComplete({ ...menteeProfile, city: '' }, questionnaire, 'Mentee', answered, NOW)).toBe(false)
  })
})

describe('a side is complete against the questions asked now', () => {
  const retiredSince: Answer = { questionPairId: 7, optionIds: [71], year: null, text: null }
  const addedLater: Answer = { questionPairId: 8, optionIds: [81], year: null, text: null }

  it('whatever it answered to a question retired since or one the required questions do not hold', () => {
    expect(isSideComplete(menteeProfile, questionnaire, 'Mentee', [...answered, retiredSince], NOW)).toBe(true)
    expect(isSideComplete(mentorProfile, questionnaire, 'Mentor', [addedLater, ...answered], NOW)).toBe(true)
  })

  it('not when a required question is answered invalidly, an answer elsewhere notwithstanding', () => {
    const twoOptions: Answer = { questionPairId: 1, optionIds: [1, 2], year: null, text: null }
    expect(isSideComplete(menteeProfile, questionnaire, 'Mentee', [twoOptions, retiredSince], NOW)).toBe(false)
    expect(isSideComplete(menteeProfile, questionnaire, 'Mentee', [retiredSince], NOW)).toBe(false)
  })
})
