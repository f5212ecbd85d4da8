// User calls: the caller's profile with master data, profile and photo updates, photos for those
// allowed to see them, the proposed profile of the other side and the status master.
import {
  GERMANY_COUNTRY_ID,
  LANGUAGES,
  asksProfileQuestion,
  LANGUAGE_IDS,
  PROFILE_SUMMARY_FIELD,
  STATUSES,
  STATUS_IDS,
  fieldError,
  isShownPartner,
  languageById,
  shownTandemsOf,
  validateProfile,
  type ClusterId,
  type DomainError,
  type FieldError,
  type ProfileInput,
  type ProfileMasterData,
  type ProposedProfile,
  type Language,
  type RoleName,
  type UserId,
} from '@tandem/core'
import type { Services } from '../ports/services.port.js'
import { isLeft, left, right } from 'fp-ts/lib/Either.js'
import { textIn, userById, type ServiceContext } from '../context.js'
import { answerTexts, countryName, imageUrl, languageName, profileAnswerTexts, stateName, statusEntries, userView } from './views.js'

const masterData = async (ctx: Pick<ServiceContext, 'clusters' | 'master'>, language: Language): Promise<ProfileMasterData> => ({
  federalState: ctx.master.federalStates.map((s) => ({ stateName: textIn(s.name, language), stateOriginalId: s.stateOriginalId })),
  countryMaster: ctx.master.countries.map((c) => ({ countryName: textIn(c.name, language), countryCodeId: c.countryCodeId })),
  language: LANGUAGES.map((l) => ({
    languageName: ctx.master.languages.find((x) => x.languageId === LANGUAGE_IDS[l])?.name[language] ?? l,
    languageId: LANGUAGE_IDS[l],
  })),
  cluster: (await ctx.clusters.list()).filter((c) => !c.isEnded).map((c) => ({ clusterText: c.clusterText, clusterId: c.clusterId })),
  userProfileQuestions: ctx.master.profileQuestions.map((q) => ({
    userQuestionOriginalId: q.userQuestionOriginalId,
    userQuestionText: textIn(q.text, language),
    side: q.side,
  })),
})

/**
 * Whether `viewerId` may see `userId`'s photo: themselves, or the other side of a live tandem the
 * viewer is shown (the dashboard's rule, after passed deadlines), never a former partner.
 */
export const sharesTandem = async (ctx: Pick<ServiceContext, 'clock' | 'store'>, viewerId: UserId, userId: UserId): Promise<boolean> => {
  if (viewerId === userId) return true
  return isShownPartner(await ctx.store.loadCurrent({ userIds: [viewerId] }, ctx.clock()), viewerId, userId)
}

/** Ids of the profile form that name nothing in our master data (or a program year that ended). */
const unknownMasterData = async (
  ctx: Pick<ServiceContext, 'clusters' | 'master'>,
  p: ProfileInput,
  roles: readonly RoleName[],
  clusterId: ClusterId | null,
  currentClusterId: ClusterId | null,
): Promise<FieldError[]> => {
  const sideOf = new Map(ctx.master.profileQuestions.map((q) => [q.userQuestionOriginalId, q.side]))
  const answerError = (questionId: number, i: number): FieldError[] => {
    const side = sideOf.get(questionId)
    if (side === undefined) return [fieldError(`profileQuestionAnswer.${i}.userQuestionOriginalId`, 'invalid-value')]
    return asksProfileQuestion(side, roles) ? [] : [fieldError(`profileQuestionAnswer.${i}.userAnswer`, 'profile-question-other-side')]
  }
  const cluster = clusterId === null || clusterId === currentClusterId ? null : await ctx.clusters.byId(clusterId)
  return [
    ...p.profileQuestionAnswer.flatMap((a, i) => answerError(a.userQuestionOriginalId, i)),
    ...(p.countryCodeId !== null && !ctx.master.countries.some((c) => c.countryCodeId === p.countryCodeId)
      ? [fieldError('countryCodeId', 'invalid-value')]
      : []),
    // A state counts only for Germany; for other countries the form rules drop it before saving.
    ...(p.countryCodeId === GERMANY_COUNTRY_ID &&
    p.stateOriginalId !== null &&
    !ctx.master.federalStates.some((s) => s.stateOriginalId === p.stateOriginalId)
      ? [fieldError('stateOriginalId', 'invalid-value')]
      : []),
    ...(cluster !== null && (cluster === undefined || cluster.isEnded) ? [fieldError('clusterId', 'invalid-value')] : []),
  ]
}

/** A refused profile: the field errors, then the summary key once (docs/product.md#profile-form: nothing is saved). */
const profileRefused = (errors: readonly FieldError[]): DomainError => ({
  _tag: 'ValidationFailed',
  errors: [...errors.filter((e) => e.key !== 'profileMissingFieldsError'), fieldError(PROFILE_SUMMARY_FIELD, 'profileMissingFieldsError')],
})

export type UserServicePorts = Pick<
  ServiceContext,
  'activeQuestionnaire' | 'adminEmails' | 'answers' | 'clock' | 'clusters' | 'consentVersions' | 'master' | 'store' | 'users'
>

export const userService = (ctx: UserServicePorts): Services['user'] => ({
  profile: async (actor, query) => {
    const user = await userById(ctx, actor.userId)
    if (isLeft(user)) return user
    return right({
      userProfile: await userView(ctx, user.right),
      userProfileMasterModel: await masterData(ctx, query.language),
      userStatuses: await statusEntries(ctx, user.right),
    })
  },

  updateProfile: async (actor, body) => {
    const user = await userById(ctx, actor.userId)
    if (isLeft(user)) return user
    // The sides the user holds: a person with both answers both sides' profile questions.
    const roles: RoleName[] = [
      ...(user.right.participant.mentee === null ? [] : ['Mentee' as const]),
      ...(user.right.participant.mentor === null ? [] : ['Mentor' as const]),
    ]
    // The account page sends only language and program year (decision 0005): the profile section's
    // fields stay as stored and only the two sent fields are checked, so a fresh user or an admin
    // can save before the questionnaire's profile section is filled in.
    const accountOnly = body.profileScope === 'account'
    const u = user.right
    const input = accountOnly
      ? {
          ...body,
          countryCodeId: u.countryCodeId,
          stateOriginalId: u.stateOriginalId,
          city: u.city,
          professionalPosition: u.professionalPosition,
          company: u.company,
          profileQuestionAnswer: (await ctx.users.profileAnswers(u.id)).map((a) => ({
            userQuestionOriginalId: a.questionId,
            userAnswer: a.answer,
          })),
        }
      : body
    const valid = validateProfile(input, { roles })
    const formErrors = !isLeft(valid)
      ? []
      : accountOnly
        ? valid.left.filter((e) => e.field === 'languageId' || e.field === 'clusterId')
        : valid.left
    const p = isLeft(valid) ? input : valid.right
    const mentee = user.right.participant.mentee
    // The program year of a running or matched mentee is the administrator's to change.
    const clusterId = mentee === null ? null : mentee.status === 'NEW' || mentee.status === 'AVAILABLE' ? p.clusterId : mentee.clusterId
    // Form rules and unknown master-data ids are reported together, under the summary key (docs/product.md#profile-form).
    const errors = [...formErrors, ...(await unknownMasterData(ctx, p, roles, clusterId, mentee?.clusterId ?? null))]
    if (errors.length > 0) return left(profileRefused(errors))
    await ctx.users.updateProfile(user.right.id, {
      countryCodeId: p.countryCodeId,
      stateOriginalId: p.stateOriginalId,
      city: (p.city ?? '').trim(),
      professionalPosition: (p.professionalPosition ?? '').trim(),
      company: (p.company ?? '').trim(),
      language: languageById(p.languageId ?? 0) ?? user.right.language,
      menteeClusterId: clusterId,
      profileAnswers: p.profileQuestionAnswer
        .filter((a) => a.userAnswer.trim() !== '')
        .map((a) => ({ questionId: a.userQuestionOriginalId, answer: a.userAnswer })),
    })
    if (body.isDeletedProfileImage) await ctx.users.removeImage(user.right.id)
    return right(true)
  },

  updateImage: async (actor, image) => {
    const user = await userById(ctx, actor.userId)
    if (isLeft(user)) return user
    if (image === null) await ctx.users.removeImage(user.right.id)
    else await ctx.users.setImage(user.right.id, image.mime, image.bytes)
    return right(true)
  },

  image: async (actor, userId) => {
    if (!actor.isAdmin && (actor.userId === null || !(await sharesTandem(ctx, actor.userId, userId)))) {
      return left({ _tag: 'NotFound', entity: 'User' } satisfies DomainError)
    }
    return right((await ctx.users.image(userId)) ?? null)
  },

  proposedProfile: async (actor, query) => {
    const me = await userById(ctx, actor.userId)
    if (isLeft(me)) return me
    // Deadlines first, as the proposals read does: a lapsed proposal shows nobody, sweep or not.
    const world = await ctx.store.loadCurrent({ userIds: [me.right.id] }, ctx.clock())
    const shown = [...shownTandemsOf(world, me.right.id, query.role)]
    // the named tandem when one is named (one card of a mentor with several places), else the best proposal
    const best =
      query.matchingTandemId === undefined
        ? shown.sort((a, b) => b.score.base - a.score.base)[0]
        : shown.find((tandem) => tandem.id === query.matchingTandemId)
    if (best === undefined) return left({ _tag: 'NotFound', entity: 'Proposal' })
    const otherId = query.role === 'Mentee' ? best.mentorId : best.menteeId
    const other = await userById(ctx, otherId)
    if (isLeft(other)) return other
    const o = other.right
    const otherSide = query.role === 'Mentee' ? 'Mentor' : 'Mentee'
    const firstStatus = (await statusEntries(ctx, me.right))[0]?.userStatus
    const profile: ProposedProfile & { matchingTandemId: number } = {
      city: o.city,
      federalState: stateName(ctx, o.stateOriginalId, query.language),
      country: countryName(ctx, o.countryCodeId, query.language),
      language: languageName(ctx, o.language, query.language),
      gender: o.gender,
      professionalPosition: o.professionalPosition,
      company: o.company,
      email: firstStatus === 'MATCHED' && best.state === 'MATCHED' ? o.email : null,
      firstName: o.firstName,
      profileImage: imageUrl(o),
      questionnairesQuestionAnswersModel: await answerTexts(ctx, o.id, otherSide, query.language),
      profileQuestionAnswersModel: await profileAnswerTexts(ctx, o.id, otherSide, query.language),
      matchingTandemId: best.id,
    }
    return right(profile)
  },

  allStatuses: async () => right(STATUSES.map((name) => ({ id: STATUS_IDS[name], name }))),
})
