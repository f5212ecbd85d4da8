// Builders of the wire views (docs/product.md#entities) from stored records, and the completeness facts commands
// need. Pure apart from the reads through the context.
import {
  LANGUAGE_IDS,
  STATUS_IDS,
  asksProfileQuestion,
  consentsDue,
  declinedMentorsOf,
  endedTeamOf,
  unmetMustFitsOf,
  type UnmetMustFitWire,
  isSideComplete,
  toIsoDateTime,
  isStoredProfileComplete,
  type Answer,
  type Instant,
  type Language,
  type QuestionTextAnswer,
  type RoleName,
  type Side,
  type UserStatusEntry,
  type UserView,
  questionnaireShownWith,
  type UserId,
} from '@tandem/core'
import type { UserRecord } from '../ports/store/index.js'
import { textIn, type ServiceContext } from '../context.js'
import { availableMentors } from '../pool/available-mentors.js'

const iso = (at: number | null): string | null => (at === null ? null : toIsoDateTime(at))

export const isAdminEmail = (ctx: Pick<ServiceContext, 'adminEmails'>, email: string): boolean =>
  ctx.adminEmails.some((a) => a.trim().toLowerCase() === email.trim().toLowerCase())

export const rolesOf = (ctx: Pick<ServiceContext, 'adminEmails'>, user: UserRecord): RoleName[] => {
  const roles = [...user.roles]
  if (isAdminEmail(ctx, user.email) && !roles.includes('Admin')) roles.push('Admin')
  return roles
}

export const holds = (user: UserRecord, side: Side): boolean =>
  side === 'Mentee' ? user.participant.mentee !== null : user.participant.mentor !== null

export const imageUrl = (user: UserRecord): string | null =>
  user.hasImage ? `/api/User/ProfileImage/${user.id}?v=${user.participant.version}` : null

/**
 * Whether the mentee's team was ended and put them on the waitlist (the dashboard's "your mentorship
 * has ended" panel). Their tandems are read only for an AVAILABLE mentee, the only status it can be.
 */
const teamEnded = async (ctx: Pick<ServiceContext, 'store'>, user: UserRecord): Promise<boolean> =>
  endedTeamOf(await ctx.store.load({ userIds: [user.id] }), user.id) !== undefined

type UnmetMustFitsPorts = Pick<ServiceContext, 'activeQuestionnaire' | 'answers' | 'clock' | 'store'>

/**
 * The must-fit answers of a mentee whose last run found nobody that no mentor she may be proposed
 * offers now (docs/matching.md#no-match): the available mentors but those she declined before, as
 * a run would rank them, with the question and her answer in both languages.
 */
const unmetMustFits = async (ctx: UnmetMustFitsPorts, user: UserRecord): Promise<UnmetMustFitWire[]> => {
  const now = ctx.clock()
  const own = await ctx.store.load({ userIds: [user.id] })
  const declined = declinedMentorsOf(own, user.id)
  const pool = (await availableMentors(ctx, now)).filter((m) => !declined.has(m.id) && m.id !== user.id)
  const questionnaire = ctx.activeQuestionnaire.questionnaire()
  const answers = (await ctx.answers.load(user.id, 'Mentee'))?.answers ?? []
  const pairs = new Map(questionnaire.pairs.map((p) => [p.questionPairId, p]))
  return unmetMustFitsOf(
    questionnaire,
    answers,
    pool.map((m) => m.answers),
  ).flatMap((unmet) => {
    const pair = pairs.get(unmet.questionPairId)
    if (pair?.mentee == null) return []
    const chosen = pair.options.filter((o) => unmet.optionIds.includes(o.id)).map((o) => ({ ...o.text }))
    const year = unmet.year === null ? [] : [{ en: String(unmet.year), de: String(unmet.year) }]
    return [{ questionPairId: pair.questionPairId, question: { ...pair.mentee.text }, answers: [...chosen, ...year] }]
  })
}

export type StatusEntriesPorts = Pick<ServiceContext, 'activeQuestionnaire' | 'answers' | 'clock' | 'store'>

export const statusEntries = async (ctx: StatusEntriesPorts, user: UserRecord): Promise<UserStatusEntry[]> => {
  const entries: UserStatusEntry[] = []
  const { mentee, mentor } = user.participant
  if (mentee !== null) {
    entries.push({
      role: 'Mentee',
      userStatus: mentee.status,
      userStatusId: STATUS_IDS[mentee.status],
      questionLastPublishDate: iso(mentee.lastStartedAt),
      questionLastSavedDate: iso((await ctx.answers.load(user.id, 'Mentee'))?.savedAt ?? null),
      noMatch: mentee.noMatch,
      teamEnded: mentee.status === 'AVAILABLE' && (await teamEnded(ctx, user)),
      ...(mentee.noMatch && mentee.status === 'AVAILABLE' ? { unmetMustFits: await unmetMustFits(ctx, user) } : {}),
    })
  }
  if (mentor !== null) {
    entries.push({
      role: 'Mentor',
      userStatus: mentor.status,
      userStatusId: STATUS_IDS[mentor.status],
      questionLastPublishDate: iso(mentor.lastPublishedAt),
      questionLastSavedDate: iso(mentor.lastSavedAt),
    })
  }
  return entries
}

export type UserViewPorts = Pick<
  ServiceContext,
  'activeQuestionnaire' | 'adminEmails' | 'answers' | 'clock' | 'consentVersions' | 'store' | 'users'
>

export const userView = async (ctx: UserViewPorts, user: UserRecord): Promise<UserView> => ({
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  gender: user.gender,
  dateOfBirth: user.birthDate,
  profileImage: imageUrl(user),
  defaultLanguage: LANGUAGE_IDS[user.language],
  countryCodeId: user.countryCodeId,
  stateOriginalId: user.stateOriginalId,
  city: user.city,
  professionalPosition: user.professionalPosition,
  company: user.company,
  clusterId: user.participant.mentee?.clusterId ?? null,
  userProfileQuestionAnswers: (await ctx.users.profileAnswers(user.id)).map((a) => ({
    userQuestionOriginalId: a.questionId,
    userAnswer: a.answer,
  })),
  userRole: rolesOf(ctx, user).map((name) => ({ name })),
  userStatuses: await statusEntries(ctx, user),
  language: user.language,
  consentsDue: consentsDue(await ctx.users.acceptedConsents(user.id), ctx.consentVersions),
  consentVersions: ctx.consentVersions,
})

type ProfileAnswers = Awaited<ReturnType<ServiceContext['users']['profileAnswers']>>

/** Whether the stored profile passes the profile rules (the questionnaire aside); `given`: its profile answers, already read. */
export const profileValid = async (ctx: Pick<ServiceContext, 'users'>, user: UserRecord, given?: ProfileAnswers): Promise<boolean> =>
  isStoredProfileComplete({ ...user, profileAnswers: given ?? (await ctx.users.profileAnswers(user.id)) })

export const answersOf = async (ctx: Pick<ServiceContext, 'answers'>, userId: UserId, side: Side): Promise<readonly Answer[]> =>
  (await ctx.answers.load(userId, side))?.answers ?? []

/** What `sideComplete` reads of a user besides the record: a side's answers and the profile answers. */
export type SideReads = { readonly answers: readonly Answer[]; readonly profileAnswers: ProfileAnswers }

/** Both reads at once (on PostgreSQL two connections: one wait instead of two). */
export const sideReads = async (ctx: Pick<ServiceContext, 'answers' | 'users'>, userId: UserId, side: Side): Promise<SideReads> => {
  const [answers, profileAnswers] = await Promise.all([answersOf(ctx, userId, side), ctx.users.profileAnswers(userId)])
  return { answers, profileAnswers }
}

export type SideCompletePorts = Pick<ServiceContext, 'answers' | 'master' | 'users'>

/** Profile and questionnaire of a side complete at `now`: the fact start matching, publish and enable need. */
export const sideComplete = async (
  ctx: SideCompletePorts,
  user: UserRecord,
  side: Side,
  now: Instant,
  given: Partial<SideReads> = {},
): Promise<boolean> => {
  const [profileAnswers, answers] = await Promise.all([
    given.profileAnswers ?? ctx.users.profileAnswers(user.id),
    given.answers ?? answersOf(ctx, user.id, side),
  ])
  return isSideComplete({ ...user, profileAnswers }, ctx.master.requiredQuestionnaire, side, answers, now)
}

/** A side's answers as question text and answer text, for profile views. */
export const answerTexts = async (
  ctx: Pick<ServiceContext, 'activeQuestionnaire' | 'answers'>,
  userId: UserId,
  side: Side,
  language: Language,
): Promise<QuestionTextAnswer[]> => {
  const given = await answersOf(ctx, userId, side)
  const answers = new Map(given.map((a) => [a.questionPairId, a]))
  // A retired option the answer holds reads with its text, marked "no longer offered".
  return questionnaireShownWith(ctx.activeQuestionnaire.published(), given).pairs.flatMap((pair) => {
    const question = side === 'Mentee' ? pair.mentee : pair.mentor
    if (question === null) return []
    const a = answers.get(pair.questionPairId)
    const chosen = a === undefined ? [] : pair.options.filter((o) => a.optionIds.includes(o.id)).map((o) => textIn(o.text, language))
    const answer =
      a === undefined ? null : a.year !== null ? String(a.year) : a.text !== null ? a.text : chosen.length > 0 ? chosen.join(', ') : null
    return [{ userQuestionText: textIn(question.text, language), userAnswer: answer }]
  })
}

export const profileAnswerTexts = async (
  ctx: Pick<ServiceContext, 'master' | 'users'>,
  userId: UserId,
  side: Side | 'All',
  language: Language,
): Promise<QuestionTextAnswer[]> => {
  const given = new Map((await ctx.users.profileAnswers(userId)).map((a) => [a.questionId, a.answer]))
  return ctx.master.profileQuestions
    .filter((q) => side === 'All' || asksProfileQuestion(q.side, [side]))
    .map((q) => ({ userQuestionText: textIn(q.text, language), userAnswer: given.get(q.userQuestionOriginalId) ?? null }))
}

export const countryName = (ctx: Pick<ServiceContext, 'master'>, id: number | null, language: Language): string | null =>
  ctx.master.countries.find((c) => c.countryCodeId === id)?.name[language] ?? null
export const stateName = (ctx: Pick<ServiceContext, 'master'>, id: number | null, language: Language): string | null =>
  ctx.master.federalStates.find((s) => s.stateOriginalId === id)?.name[language] ?? null
export const languageName = (ctx: Pick<ServiceContext, 'master'>, language: Language, shownIn: Language): string | null =>
  ctx.master.languages.find((l) => l.languageId === LANGUAGE_IDS[language])?.name[shownIn] ?? null
