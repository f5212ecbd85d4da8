// Everything Tandem holds about one person, as the machine-readable copy of GDPR Art. 15 and 20:
// account, profile, answers, statuses per role, tandems (the partner's name only where the tandem
// was shown to the person: the core's isShownTo), notification history, consents and the photo.
import {
  CONSENT_DOCUMENTS,
  answerTextsUnder,
  isShownTo,
  isToldEndingReason,
  tandemsOf,
  type Side,
  type Tandem,
  type UserId,
} from '@tandem/core'
import type { ServiceContext } from '../context.js'

/** One administrator's look at the person's data: who, when, what. */
export type AdministratorRead = { readonly administratorId: number; readonly at: string; readonly action: string }

/**
 * "Who among the administrators looked at their data and when": the audit records about the person
 * (audit/audit.ts writes them), newest first, ids and actions only.
 */
export const administratorReadsOf = async (ctx: Pick<ServiceContext, 'audit'>, id: UserId): Promise<readonly AdministratorRead[]> =>
  (await ctx.audit.auditRecordsAbout(id)).map((r) => ({ administratorId: r.adminId, at: new Date(r.at).toISOString(), action: r.action }))

const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString())

type TandemViewPorts = Pick<ServiceContext, 'meetings' | 'mentorship' | 'users'>

/** A tandem as the person saw it: their side, its states and dates, the partner's name only when shown. */
const tandemView = async (ctx: TandemViewPorts, t: Tandem, id: UserId) => {
  const side: Side = t.menteeId === id ? 'Mentee' : 'Mentor'
  const own = side === 'Mentee' ? t.menteeProposal : t.mentorProposal
  const partnerId = side === 'Mentee' ? t.mentorId : t.menteeId
  const partner = isShownTo(t, id, side) ? await ctx.users.byId(partnerId) : undefined
  return {
    tandemId: t.id,
    side,
    state: t.state,
    createdAt: iso(t.createdAt),
    manual: t.manual,
    matchPercentage: t.score.percentage,
    yourProposal: {
      state: own.state,
      deadline: iso(own.deadline),
      decidedAt: iso(own.decidedAt),
      declineReasonId: own.declineReasonId,
      comment: own.comment,
    },
    partner: partner === undefined ? null : { firstName: partner.firstName, lastName: partner.lastName },
    ending: endingView(t, side),
    checkIns: await checkInsView(ctx, t, side),
    ...(await meetingsView(ctx, t, id, side)),
  }
}

/**
 * The team's meetings and logged sessions as the person saw them (docs/privacy.md): the meetings are
 * the pair's, and a session's note only when the person wrote it.
 */
const meetingsView = async (ctx: Pick<ServiceContext, 'meetings'>, t: Tandem, id: UserId, side: Side) => ({
  meetings: (await ctx.meetings.ofTandems([t.id])).map((m) => ({
    state: m.state,
    proposedBy: m.proposedBy === side ? 'you' : 'your partner',
    slots: m.slots.map((s) => ({ start: iso(s.start), minutes: s.minutes })),
    link: m.mode.kind === 'Online' ? m.mode.link : null,
    place: m.mode.kind === 'InPerson' ? m.mode.place : null,
    agenda: m.agenda,
    note: m.note,
    timeZone: m.timeZone,
    createdAt: iso(m.createdAt),
  })),
  sessions: (await ctx.meetings.sessionsOf([t.id])).map((s) => ({
    startedAt: iso(s.startedAt),
    minutes: s.minutes,
    loggedBy: s.loggedBy === side ? 'you' : 'your partner',
    note: s.loggedByUser === id ? s.note : null,
  })),
})

/** The person's own check-in questions and answers on this team (never the partner's). */
const checkInsView = async (ctx: Pick<ServiceContext, 'mentorship'>, t: Tandem, side: Side) =>
  ((await ctx.mentorship.timelineOf(t.id))?.checkIns ?? [])
    .filter((r) => r.side === side)
    .map((r) => ({
      occasion: r.occasion,
      askedAt: iso(r.askedAt),
      remindedAt: iso(r.remindedAt),
      answeredAt: iso(r.answeredAt),
      answer: r.answer,
    }))

/**
 * How the team ended, for either side: when and by whom. The reason, its text and "never again" are
 * the person's own only when they ended it themselves (otherwise they are the partner's words).
 */
const endingView = (t: Tandem, side: Side) =>
  t.ending === undefined
    ? null
    : {
        endedAt: iso(t.ending.at),
        endedBy: t.ending.by === side ? 'you' : t.ending.by === 'Admin' ? 'an administrator' : 'your partner',
        ...(isToldEndingReason(t.ending.by, side)
          ? { reasonId: t.ending.reasonId, otherText: t.ending.otherText, doNotPairAgain: t.ending.doNotPairAgain }
          : {}),
      }

export type PersonalData = Awaited<ReturnType<typeof collectPersonalData>>

export type CollectPersonalDataPorts = Pick<
  ServiceContext,
  'activeQuestionnaire' | 'answers' | 'audit' | 'clock' | 'meetings' | 'mentorship' | 'outbox' | 'store' | 'users'
>

/** The person's data, or undefined when there is no such person. `step` reports each part as it is read. */
export const collectPersonalData = async (ctx: CollectPersonalDataPorts, id: UserId, step: (part: string) => void = () => {}) => {
  const user = await ctx.users.byId(id)
  if (user === undefined) return undefined
  step('account')
  const account = {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    gender: user.gender,
    birthDate: user.birthDate,
    language: user.language,
    roles: user.roles,
    registeredAt: iso(user.registeredAt),
    /** The time zone the person chose for meetings; null: the organisation's. */
    timeZone: (await ctx.meetings.timeZoneOf(id)) ?? null,
  }
  const profile = {
    professionalPosition: user.professionalPosition,
    company: user.company,
    city: user.city,
    countryCodeId: user.countryCodeId,
    stateOriginalId: user.stateOriginalId,
    profileAnswers: await ctx.users.profileAnswers(id),
    hasPhoto: user.hasImage,
  }
  step('answers')
  const sides = (['Mentee', 'Mentor'] as const).filter((s) => (s === 'Mentee' ? user.participant.mentee : user.participant.mentor) !== null)
  const answers = await Promise.all(
    sides.map(async (side) => {
      const saved = await ctx.answers.answersOf(id, side)
      const given = saved?.answers ?? []
      // The texts beside the ids, a retired option's marked "no longer offered".
      return {
        side,
        savedAt: iso(saved?.savedAt ?? null),
        answers: given,
        texts: answerTextsUnder(ctx.activeQuestionnaire.published(), side, given),
      }
    }),
  )
  const statuses = {
    mentee:
      user.participant.mentee === null ? null : { ...user.participant.mentee, lastStartedAt: iso(user.participant.mentee.lastStartedAt) },
    mentor:
      user.participant.mentor === null
        ? null
        : {
            status: user.participant.mentor.status,
            published: user.participant.mentor.published,
            lastPublishedAt: iso(user.participant.mentor.lastPublishedAt),
            lastSavedAt: iso(user.participant.mentor.lastSavedAt),
          },
  }
  step('tandems')
  const tandems = []
  for (const t of [...tandemsOf(await ctx.store.load({ userIds: [id] }), id)].sort((a, b) => a.id - b.id))
    tandems.push(await tandemView(ctx, t, id))
  step('notifications')
  const notifications = (await ctx.outbox.historyOf(id)).map((m) => ({
    type: m.type,
    subject: m.subject,
    language: m.language,
    createdAt: iso(m.createdAt),
    status: m.status,
  }))
  // Each document with the version accepted and when; an account from before versions were stored
  // shows the sign-up acceptance with the registration time and no version.
  const signUp = await ctx.users.consentsOf(id)
  const accepted = await ctx.users.acceptedConsents(id)
  const consents = CONSENT_DOCUMENTS.map((document) => {
    const record = accepted.find((c) => c.document === document)
    if (record !== undefined) return { document, accepted: true, acceptedAt: iso(record.acceptedAt), version: record.version }
    const atSignUp = document === 'privacyPolicy' ? signUp?.privacy : signUp?.terms
    return { document, accepted: atSignUp ?? false, acceptedAt: atSignUp === true ? iso(signUp?.at ?? null) : null, version: null }
  })
  const photo = user.hasImage ? ((await ctx.users.image(id)) ?? null) : null
  step('administratorReads')
  return {
    data: {
      generatedAt: iso(ctx.clock()),
      account,
      profile,
      answers,
      statuses,
      tandems,
      notifications,
      consents,
      administratorReads: await administratorReadsOf(ctx, id),
    },
    photo,
  }
}
