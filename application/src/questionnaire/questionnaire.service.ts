// Questionnaire calls: the questions of a side with the caller's answers, saving answers (and
// publishing a mentor), and a mentor switching their matching on or off. The wire form is read and
// written by the core's answers mapping, the one the browser writes with.
import {
  placesIn,
  QUESTIONNAIRE_SUMMARY_FIELD,
  canSaveMentorAnswers,
  fieldError,
  fromSaveAnswerItems,
  isQuestionnaireComplete,
  publishMentor,
  toQuestionAnswerResponse,
  validateAnswers,
  validationFailed,
  calendarYearOf,
  answersKeepingRetiredOptions,
  answersKeepingRetiredQuestions,
  questionnaireShownWith,
  readableQuestionnaireOf,
} from '@tandem/core'
import type { Services } from '../ports/services.port.js'
import { isLeft, left, right } from 'fp-ts/lib/Either.js'
import { userById, type ServiceContext } from '../context.js'
import { setMatching } from '../mentors/mentor-matching.command.js'
import { setCapacity } from '../mentors/mentor-capacity.command.js'
import { answersOf, profileValid } from '../users/views.js'

export type QuestionnaireServicePorts = Pick<ServiceContext, 'activeQuestionnaire' | 'answers' | 'clock' | 'master' | 'store' | 'users'>

export const questionnaireService = (ctx: QuestionnaireServicePorts): Services['questionnaire'] => ({
  questionAnswerPairs: async (actor, query) => {
    const user = await userById(ctx, actor.userId)
    if (isLeft(user)) return user
    const side = query.role === 'Mentee' ? user.right.participant.mentee : user.right.participant.mentor
    const published = user.right.participant.mentor?.published === true && query.role === 'Mentor'
    const answers = await answersOf(ctx, user.right.id, query.role)
    // Options a later version retired stay readable (marked) where this person's answers hold them.
    const response = toQuestionAnswerResponse(
      questionnaireShownWith(ctx.activeQuestionnaire.published(), answers),
      query.role,
      answers,
      query.language,
      published,
      side?.status ?? 'NEW',
    )
    // The mentor's page shows "places taken / capacity" next to the matching toggle.
    const places =
      query.role === 'Mentor' && side != null ? placesIn(await ctx.store.load({ userIds: [user.right.id] }), user.right.id) : undefined
    return right(places === undefined ? response : { ...response, mentorPlaces: places })
  },

  saveAnswers: async (actor, body) => {
    const user = await userById(ctx, actor.userId)
    if (isLeft(user)) return user
    const side = body.roleName
    const version = ctx.activeQuestionnaire.published()
    const previous = await answersOf(ctx, user.right.id, side)
    // Items the questionnaire does not know (a pair, an option kind, a stale question) are refused, not dropped.
    const parsed = fromSaveAnswerItems(readableQuestionnaireOf(version), side, body.userSelectedAnswerSaveModel)
    if (isLeft(parsed))
      return left(validationFailed([...parsed.left, fieldError(QUESTIONNAIRE_SUMMARY_FIELD, 'questionnaire-fields-not-valid')]))
    // A retired option held before may be kept (it scores nothing); one chosen anew is refused.
    const answers = answersKeepingRetiredOptions(version, previous, parsed.right)
    if (isLeft(answers))
      return left(validationFailed([...answers.left, fieldError(QUESTIONNAIRE_SUMMARY_FIELD, 'questionnaire-fields-not-valid')]))
    const now = ctx.clock()
    const currentYear = calendarYearOf(now)
    const errors = validateAnswers(questionnaireShownWith(version, previous), side, answers.right, {
      mode: body.isSavePublish ? 'publish' : 'save',
      currentYear,
    })
    if (errors.length > 0) return left(validationFailed(errors))
    const questionnaireComplete = isQuestionnaireComplete(ctx.master.requiredQuestionnaire, side, answers.right, currentYear)
    const complete = questionnaireComplete && (await profileValid(ctx, user.right))
    const mentor = user.right.participant.mentor
    if (side === 'Mentor' && mentor !== null) {
      const allowed = canSaveMentorAnswers({ published: mentor.published, status: mentor.status, complete })
      if (isLeft(allowed)) return allowed
    }
    await ctx.answers.save(
      user.right.id,
      side,
      [...answersKeepingRetiredQuestions(version, previous, answers.right)],
      now,
      questionnaireComplete,
    )
    if (side === 'Mentor' && body.isSavePublish) {
      const published = await ctx.store.run(
        { userIds: [user.right.id] },
        publishMentor(now, { mentorId: user.right.id, profileComplete: complete }),
        now,
      )
      if (isLeft(published)) return published
    }
    return right(true)
  },

  updateUserStatus: async (actor, body) => {
    const user = await userById(ctx, actor.userId)
    if (isLeft(user)) return user
    return setMatching(ctx, user.right.id, !body.disableMatching, 'Mentor')
  },

  updateMentorCapacity: async (actor, body) => {
    const user = await userById(ctx, actor.userId)
    if (isLeft(user)) return user
    return setCapacity(ctx, user.right.id, body.capacity, 'Mentor')
  },
})
