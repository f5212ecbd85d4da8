// Questionnaire calls: the questions of a side with the caller's answers, saving answers (and
// publishing a mentor), and a mentor switching their matching on or off.
import {
  canSaveMentorAnswers, fieldError, isQuestionnaireComplete, publishMentor, setMentorMatching, validateAnswers,
  type Answer, type DomainError, type FieldError, type QuestionnaireQuestion, type SaveAnswerItem, type Side,
} from '@tandem/core'
import type { Services } from '@tandem/http'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import { textIn, userById, type ServiceContext } from './context.js'
import { answersOf, profileValid, sideComplete } from './views.js'

const invalid = (errors: readonly FieldError[]): DomainError => ({ _tag: 'ValidationFailed', errors })

/** Wire answers to core answers: the pair decides whether options, a year or a text are meant. */
const answersFromWire = (ctx: ServiceContext, side: Side, items: readonly SaveAnswerItem[]): Either<DomainError, Answer[]> => {
  const answers: Answer[] = []
  for (const [i, item] of items.entries()) {
    const pair = ctx.master.questionnaire.pairs.find((p) => p.questionPairId === item.QuestionPairId)
    const question = pair === undefined ? null : side === 'Mentee' ? pair.mentee : pair.mentor
    if (pair === undefined || question === null || question.questionId !== item.OriginalQuestionId) {
      return left(invalid([fieldError(`userSelectedAnswerSaveModel.${i}.QuestionPairId`, 'invalid-value')]))
    }
    const direct = item.DirectFieldAnswer === null || item.DirectFieldAnswer.trim() === '' ? null : item.DirectFieldAnswer.trim()
    if (pair.kind === 'year' && direct !== null && !/^\d{4}$/.test(direct)) {
      return left(invalid([fieldError(`answers.${pair.questionPairId}`, 'invalid-year')]))
    }
    answers.push({
      questionPairId: pair.questionPairId,
      optionIds: pair.kind === 'choice' ? item.PossibleAnswer.map((p) => p.originalPossibleAnswerId) : [],
      year: pair.kind === 'year' && direct !== null ? Number(direct) : null,
      text: pair.kind === 'text' ? direct : null,
    })
  }
  return right(answers)
}

export const questionnaireService = (ctx: ServiceContext): Services['questionnaire'] => ({
  questionAnswerPairs: async (actor, query) => {
    const user = userById(ctx, actor.userId)
    if (isLeft(user)) return user
    const given = new Map(answersOf(ctx, user.right.id, query.role).map((a) => [a.questionPairId, a]))
    const questions: QuestionnaireQuestion[] = ctx.master.questionnaire.pairs.flatMap((pair) => {
      const q = query.role === 'Mentee' ? pair.mentee : pair.mentor
      if (q === null) return []
      const a = given.get(pair.questionPairId)
      const selected = a === undefined ? []
        : pair.kind === 'choice' ? a.optionIds.map((id) => ({ originalQuestionId: q.questionId, originalPossibleAnswerId: id, directFieldAnswer: null }))
        : [{ originalQuestionId: q.questionId, originalPossibleAnswerId: null, directFieldAnswer: a.year !== null ? String(a.year) : a.text }]
      return [{
        originalQuestionId: q.questionId, questionPairId: pair.questionPairId, questionText: textIn(q.text, query.language), ruleName: pair.rule,
        answerKind: pair.kind, maxOption: q.maxOption, topic: pair.topic,
        possibleAnswers: pair.options.map((o) => ({
          originalPossibleAnswerId: o.id, optionText: textIn(o.text, query.language), languageName: query.language,
          isNoPreference: o.noPreference, isNoSuchBackground: o.noSuchBackground,
        })),
        userSelectedAnswers: selected,
      }]
    })
    const side = query.role === 'Mentee' ? user.right.participant.mentee : user.right.participant.mentor
    return right({
      questionAnswerModel: questions,
      isProfilePublished: user.right.participant.mentor?.published === true && query.role === 'Mentor',
      statusByRole: side?.status ?? 'NEW',
    })
  },

  saveAnswers: async (actor, body) => {
    const user = userById(ctx, actor.userId)
    if (isLeft(user)) return user
    const side = body.roleName
    const answers = answersFromWire(ctx, side, body.userSelectedAnswerSaveModel)
    if (isLeft(answers)) return answers
    const currentYear = new Date(ctx.clock()).getUTCFullYear()
    const errors = validateAnswers(ctx.master.questionnaire, side, answers.right, { mode: body.isSavePublish ? 'publish' : 'save', currentYear })
    if (errors.length > 0) return left(invalid(errors))
    const complete = isQuestionnaireComplete(ctx.master.questionnaire, side, answers.right, currentYear) && profileValid(ctx, user.right)
    const mentor = user.right.participant.mentor
    if (side === 'Mentor' && mentor !== null) {
      const allowed = canSaveMentorAnswers({ published: mentor.published, status: mentor.status, complete })
      if (isLeft(allowed)) return allowed
    }
    ctx.answers.save(user.right.id, side, answers.right, ctx.clock())
    if (side === 'Mentor' && body.isSavePublish) {
      const published = ctx.store.run({ userIds: [user.right.id] }, publishMentor(ctx.clock(), { mentorId: user.right.id, profileComplete: complete }), ctx.clock())
      if (isLeft(published)) return published
    }
    return right(true)
  },

  updateUserStatus: async (actor, body) => {
    const user = userById(ctx, actor.userId)
    if (isLeft(user)) return user
    return setMatching(ctx, user.right.id, !body.disableMatching, 'Mentor')
  },
})

/** A mentor's matching on or off, by the mentor or an administrator. */
export const setMatching = (ctx: ServiceContext, mentorId: number, enabled: boolean, by: 'Mentor' | 'Admin'): Either<DomainError, boolean> => {
  const user = userById(ctx, mentorId)
  if (isLeft(user)) return user
  if (user.right.participant.mentor === null) {
    // A participant without the mentor side lacks the right (403); an admin named a user who is no mentor (400).
    return left(by === 'Mentor' ? { _tag: 'WrongRole', role: 'Mentor' } : invalid([fieldError('email', 'invalid-value')]))
  }
  const result = ctx.store.run({ userIds: [mentorId] }, setMentorMatching(ctx.clock(), { mentorId, enabled, by, profileComplete: sideComplete(ctx, user.right, 'Mentor') }), ctx.clock())
  return isLeft(result) ? result : right(true)
}
