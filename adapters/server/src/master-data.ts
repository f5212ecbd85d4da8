// The master data the services read (questionnaire, profile questions, countries, states, languages,
// decline reasons), taken from @tandem/fixtures: data, not code.
import { accountLanguages, countries, declineReasons, federalStates, profileQuestions, questionnaire } from '@tandem/fixtures'
import type { MasterData } from '@tandem/application'

export const fixtureMasterData = (): MasterData => ({
  questionnaire,
  requiredQuestionnaire: questionnaire,
  profileQuestions,
  countries,
  federalStates,
  languages: accountLanguages.map((l) => ({ languageId: l.languageId, name: l.name })),
  declineReasons,
})
