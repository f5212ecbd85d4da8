// The questionnaire in use: version 1 seeded from the fixtures in an installation that has none, the
// active version (switched by a publish), and the master data and matching settings that read it.
import { createActiveQuestionnaire, type ActiveQuestionnaire, type MasterData, type ServiceContext } from '@tandem/application'
import { draftOfQuestionnaire } from '@tandem/core'
import { createQuestionnaireVersionsRepository, type Database } from '@tandem/store'
import type { Clock } from '../clock.js'
import type { Config } from '../config.js'
import { fixtureMasterData } from '../master-data.js'

export type MasterDataWiring = Pick<ServiceContext, 'questionnaireVersions' | 'activeQuestionnaire' | 'master' | 'matching'>

export const wireMasterData = async (config: Config, db: Database, clock: Clock): Promise<MasterDataWiring> => {
  // The seed's questionnaire is version 1 of an installation that has none (new, or older than versions).
  const questionnaireVersions = createQuestionnaireVersionsRepository(db)
  const seed = fixtureMasterData()
  await questionnaireVersions.seed({
    version: 1,
    publishedBy: null,
    publishedAt: clock(),
    draft: draftOfQuestionnaire(seed.questionnaire, seed.profileQuestions, config.matching.threshold),
  })
  const published = await questionnaireVersions.versions()
  const [first] = published
  const latest = published[published.length - 1]
  if (first === undefined || latest === undefined) throw new Error('no questionnaire version after seeding version 1')
  const activeQuestionnaire: ActiveQuestionnaire = createActiveQuestionnaire(questionnaireVersions, latest, first)
  // Getters: the services read the published version in use at each call.
  const master: MasterData = {
    ...seed,
    get questionnaire() {
      return activeQuestionnaire.questionnaire()
    },
    get requiredQuestionnaire() {
      return activeQuestionnaire.requiredQuestionnaire()
    },
    get profileQuestions() {
      return activeQuestionnaire.profileQuestions()
    },
  }
  const matching = {
    get threshold() {
      return activeQuestionnaire.threshold()
    },
    limit: config.matching.limit,
  }
  return { questionnaireVersions, activeQuestionnaire, master, matching }
}
