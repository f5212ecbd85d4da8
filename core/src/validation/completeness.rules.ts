// "Profile complete": the fact that start matching, publishing and enabling matching need, read from
// what is stored (the profile saved through the form, a side's questionnaire answers).
import type { Answer, Questionnaire } from '../questionnaire/questionnaire.codec.js'
import type { Language } from '../shared/language.js'
import { calendarYearOf, type Instant } from '../shared/time.js'
import type { Participant } from '../users/participant.js'
import type { Side } from '../users/role.js'
import { storedProfilePasses } from './profile.rules.js'
import { isQuestionnaireComplete } from './questionnaire.rules.js'

/** A stored profile as completeness reads it: the saved profile fields and free-text answers. */
export type StoredProfile = {
  readonly countryCodeId: number | null
  readonly stateOriginalId: number | null
  readonly city: string
  readonly professionalPosition: string
  readonly company: string
  readonly language: Language
  readonly participant: Pick<Participant, 'mentee'>
  readonly profileAnswers: readonly { readonly questionId: number; readonly answer: string }[]
}

/**
 * Whether the stored profile passes the profile form's rules (the questionnaire aside), checked as
 * stored. A person who holds the mentee side is asked for the program year, anyone else is not.
 */
export const isStoredProfileComplete = (profile: StoredProfile): boolean =>
  storedProfilePasses(
    { ...profile, clusterId: profile.participant.mentee?.clusterId ?? null },
    profile.participant.mentee !== null,
    profile.profileAnswers.map((a) => a.answer),
  )

/**
 * A side is complete at `now` when the stored profile is and the side's questionnaire answers are
 * valid for publishing (mentor) or starting matching (mentee), years read in `now`'s calendar year.
 */
export const isSideComplete = (
  profile: StoredProfile,
  questionnaire: Questionnaire,
  side: Side,
  answers: readonly Answer[],
  now: Instant,
): boolean => isStoredProfileComplete(profile) && isQuestionnaireComplete(questionnaire, side, answers, calendarYearOf(now))
