// The participant dashboard (home, /matching and the register routes): per side of the user, the
// panel of its status, or the proposal cards with countdown, profile accordion and decisions.
import { lazy, Suspense, useCallback, useDeferredValue, useState } from 'react'
import { Body1, Title2, makeStyles } from '@fluentui/react-components'
import { Busy } from '../../shared/Busy.js'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import type { MentorPlaces, ParticipantProposal, QuestionnaireQuestion, Side } from '@tandem/core'
import { useMe, type Me } from '../../state/me.js'
import { useLanguage } from '../../shell/language.js'
import { useAppSelector } from '../../state/hooks.js'
import { apiErrorOf } from '../../state/api.js'
import { errorMessageKey } from '../../shell/error.messages.js'
import { Loading } from '../../shared/Loading.js'
import { useGetQuestionAnswerPairsQuery } from '../../shared/api/questionnaire.api.js'
import {
  useAcceptProposalMutation,
  useDeclineProposalMutation,
  useEndTandemMutation,
  useGetDeclineReasonsQuery,
  useGetOpenCheckInsQuery,
  useGetMyTimelinesQuery,
  useGetProposalsQuery,
  useGetProposedProfileQuery,
} from './dashboard.api.js'
import type { OpenCheckIn } from '../../shared/api/checkins.api.js'
import {
  decisionFailure,
  deadlineOf,
  mentorDeadline,
  nextDeadline,
  panelFor,
  placesOf,
  suggestedByProgramTeam,
  topProposal,
  visibleProposals,
} from './dashboard.logic.js'
import { selectNoMatch } from '../../state/matching.slice.js'
import { canStartMatching, useStartMatching } from '../../shared/start-matching.js'
import type { DeclineInput } from './DecisionDialogs.js'
import type { EndMentorshipInput } from '../../shared/EndMentorshipDialog.js'
import { skipToken } from '../../state/api.js'
import { LoadFailed } from '../../shared/LoadFailed.js'
import { LaterMessage } from '../../shared/LaterMessage.js'
import { CARD_ROW } from '../../shared/card-grid.js'

// The dialogs (and the dropdown of the decline reasons) load when first opened, not with the page.
const AcceptDialog = lazy(() => import('./DecisionDialogs.js').then((m) => ({ default: m.AcceptDialog })))
const DeclineDialog = lazy(() => import('./DecisionDialogs.js').then((m) => ({ default: m.DeclineDialog })))
const EndMentorshipDialog = lazy(() => import('../../shared/EndMentorshipDialog.js').then((m) => ({ default: m.EndMentorshipDialog })))
/** The waitlist switch the mail's link (`/#waitlist`) leads to, also beside proposals. */
const WaitlistSwitch = lazy(() => import('./WaitlistSwitch.js'))
const NoticeDialog = lazy(() => import('../../shared/NoticeDialog.js').then((m) => ({ default: m.NoticeDialog })))
// The cards and panels are Fluent's Card, CardHeader, Avatar, Badge and Accordion, whose code
// (tabster's focus groups, the accordion's motion) would not fit the first load's budget: they load
// with the page's data, after its heading and introduction are painted (docs/web.md).
const StatusPanel = lazy(() => import('./Panels.js').then((m) => ({ default: m.StatusPanel })))
const PausedPanel = lazy(() => import('./PausedPanel.js').then((m) => ({ default: m.PausedPanel })))
const ProposalCard = lazy(() => import('./ProposalCard.js').then((m) => ({ default: m.ProposalCard })))
const CountdownCard = lazy(() => import('./CountdownCard.js').then((m) => ({ default: m.CountdownCard })))
const ProposedProfileAccordion = lazy(() => import('./ProposedProfileAccordion.js').then((m) => ({ default: m.ProposedProfileAccordion })))
// The check-in cards (their form, radios, text area and texts) load only when a question is open.
const CheckInCards = lazy(() => import('../checkins/CheckInCard.js'))
const MyTimelines = lazy(() => import('../checkins/MyTimelines.js'))
// The meetings (their call, cards and, when first opened, dialogs) load only for someone who may be in a running team.
const MeetingsSection = lazy(() => import('../meetings/MeetingsSection.js'))
const TeamMeetings = lazy(() => import('../meetings/TeamMeetings.js'))

const ErrorBar = ({ text }: { readonly text: string }) => (
  <LaterMessage intent="error" role="alert">
    {text}
  </LaterMessage>
)

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px' },
  cards: CARD_ROW,
  placesLine: { minHeight: '20px' },
})

type Decision = { readonly kind: 'accept' | 'decline' | 'end'; readonly proposal: ParticipantProposal } | null

const NO_QUESTIONS: readonly QuestionnaireQuestion[] = []

const SideSection = ({ me, side }: { readonly me: Me; readonly side: Side }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const { language } = useLanguage()
  const proposalsQuery = useGetProposalsQuery({ email: me.email })
  const questionnaire = useGetQuestionAnswerPairsQuery({ emailId: me.email, role: side, language })
  const noMatch = useAppSelector(selectNoMatch)
  const matching = useStartMatching(me.email)
  const [decision, setDecision] = useState<Decision>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [accept, acceptState] = useAcceptProposalMutation()
  const [decline, declineState] = useDeclineProposalMutation()
  const [endTandem, endState] = useEndTandemMutation()
  const [ended, setEnded] = useState(false)

  // the waitlist mail's stop page links to /#waitlist: the switch shows (and takes the focus) beside proposals too
  const { hash } = useLocation()
  const status = me.statusOf(side)
  const entry = me.user.userStatuses.find((s) => s.role === side)
  // What the answers show is drawn in a background render that yields to the browser every few
  // milliseconds (React's transitions): drawn at once as the answers arrive, the cards were one
  // 150–235 ms task at CPU 4x, blocking input. The requests below follow the answers themselves.
  const shownProposals = useDeferredValue(proposalsQuery.data, undefined)
  const shownQuestionnaire = useDeferredValue(questionnaire.data, undefined)
  const panelOf = (data: typeof proposalsQuery.data, published: boolean | undefined) => {
    const all = side === 'Mentee' ? (data?.menteeProposal ?? []) : (data?.mentorProposal ?? [])
    const proposals = visibleProposals(all)
    const kind = panelFor(side, {
      status,
      saved: entry?.questionLastSavedDate != null,
      published: entry?.questionLastPublishDate != null || published === true,
      noMatch: side === 'Mentee' && noMatch,
      teamEnded: side === 'Mentee' && entry?.teamEnded === true,
      proposals,
    })
    return { proposals, kind, top: topProposal(proposals) }
  }
  const asked = panelOf(proposalsQuery.data, questionnaire.data?.isProfilePublished)
  const { proposals, kind, top } = panelOf(shownProposals, shownQuestionnaire?.isProfilePublished)
  // loaded with the cards, so the decline dialog opens with its reasons ready
  const reasons = useGetDeclineReasonsQuery(asked.kind === 'proposals' ? { email: me.email, role: side, language } : skipToken)
  // the mentee's top proposal's profile comes with the cards; a mentor's card asks for its own when opened
  const profile = useGetProposedProfileQuery(
    side === 'Mentee' && asked.kind === 'proposals' && asked.top !== undefined
      ? { email: me.email, role: side, language, matchingTandemId: asked.top.matchingTandemId }
      : skipToken,
  )
  const shownProfile = useDeferredValue(profile.data, undefined)
  const times =
    side === 'Mentee'
      ? (shownProposals?.proposalRemainingTime.menteeRemainingTime ?? [])
      : (shownProposals?.proposalRemainingTime.mentorRemainingTime ?? [])
  // a mentee's proposals share one deadline; each of a mentor's proposals has its own, on its card
  const deadline = side === 'Mentee' ? nextDeadline(proposals, times) : undefined
  const places: MentorPlaces | undefined = side === 'Mentor' ? shownQuestionnaire?.mentorPlaces : undefined
  const awaited = side === 'Mentee' ? mentorDeadline(proposals, shownProposals?.proposalRemainingTime.mentorRemainingTime ?? []) : undefined
  const onAccept = useCallback((proposal: ParticipantProposal) => setDecision({ kind: 'accept', proposal }), [])
  const onDecline = useCallback((proposal: ParticipantProposal) => setDecision({ kind: 'decline', proposal }), [])
  const onEnd = useCallback((proposal: ParticipantProposal) => setDecision({ kind: 'end', proposal }), [])

  const payloadFor = (p: ParticipantProposal) => ({
    email: me.email,
    role: side,
    // the other side's address is hidden until matched; the server identifies the pair by the tandem
    pairedUserEmail: p.email ?? me.email,
  })
  const fail = (error: unknown) => {
    const e = apiErrorOf(error)
    const reason = decisionFailure(e?.errorCode ?? null, e?.status ?? 500)
    setDecision(null)
    if (reason === 'unexpected') setFailure(t(errorMessageKey(error)))
    else setNotice(reason)
  }
  const confirmAccept = async (p: ParticipantProposal) => {
    const result = await accept({
      ...payloadFor(p),
      proposalSaveModel: { proposalId: p.proposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: p.matchingTandemId, tandemState: side === 'Mentee' ? 'ACTIVE' : 'MATCHED' },
    })
    if ('error' in result) fail(result.error)
    else setDecision(null)
  }
  const confirmDecline = async (p: ParticipantProposal, input: DeclineInput) => {
    const result = await decline({
      ...payloadFor(p),
      proposalSaveModel: {
        proposalId: p.proposalId,
        proposalState: 'DECLINED',
        comment: input.comment === '' ? null : input.comment,
        declineDropReason: input.reason.declineReasonText,
        declineReasonId: input.reason.id,
      },
      matchingTandemSaveModel: { matchingTandemId: p.matchingTandemId, tandemState: 'DECLINED' },
    })
    if ('error' in result) fail(result.error)
    else setDecision(null)
  }

  const confirmEnd = async (p: ParticipantProposal, input: EndMentorshipInput) => {
    const result = await endTandem({
      email: me.email,
      matchingTandemId: p.matchingTandemId,
      reasonId: input.reasonId,
      otherText: input.otherText,
      doNotPairAgain: input.doNotPairAgain,
      pauseMatching: input.pauseMentor,
    })
    setDecision(null)
    if ('error' in result) setFailure(t(errorMessageKey(result.error)))
    else setEnded(true)
  }

  if (proposalsQuery.isError) return <LoadFailed error={proposalsQuery.error} />
  if (shownProposals === undefined) return <Loading />
  return (
    <section className={styles.page} aria-labelledby={`dashboard-${side}`}>
      <Title2 as="h2" id={`dashboard-${side}`}>
        {t(side === 'Mentee' ? 'dashboard.asMentee' : 'dashboard.asMentor')}
      </Title2>
      {failure !== null && <ErrorBar text={failure} />}
      {ended && (
        <LaterMessage intent="success" role="status">
          {t('ending.ended')}
        </LaterMessage>
      )}
      {matching.errorKey !== null && <ErrorBar text={t(matching.errorKey)} />}
      {matching.running && <Busy label={t('dashboard.waitMessage')} />}
      {/* the line's room is kept from the first paint: the places come with the questionnaire, after the cards, and must not push them down */}
      {side === 'Mentor' && status !== 'NEW' && (
        <Body1 className={styles.placesLine}>{places === undefined ? '\u00a0' : t('dashboard.places', placesOf(places, proposals))}</Body1>
      )}
      <Suspense fallback={<Loading />}>
        {/* the cards wait for the questions: what the pair has in common (and a mentor's places) would otherwise arrive inside them and push their buttons down */}
        {kind === 'proposals' && shownQuestionnaire === undefined && !questionnaire.isError ? (
          <Loading />
        ) : kind === 'proposals' ? (
          <>
            {deadline !== undefined && <CountdownCard side={side} validUntil={deadline.tandemValidUntil} />}
            {awaited !== undefined && (
              <CountdownCard side={side} validUntil={awaited.time.tandemValidUntil} waitingFor={awaited.proposal.firstName} />
            )}
            <div className={styles.cards}>
              {proposals.map((p) => (
                <ProposalCard
                  key={p.proposalId}
                  proposal={p}
                  questions={shownQuestionnaire?.questionAnswerModel ?? NO_QUESTIONS}
                  side={side}
                  onAccept={onAccept}
                  onDecline={onDecline}
                  onEnd={onEnd}
                  deadline={side === 'Mentor' ? deadlineOf(p, times) : undefined}
                  profileFor={side === 'Mentor' ? me.email : undefined}
                  language={language}
                  viewerStatus={status}
                />
              ))}
            </div>
            {side === 'Mentee' && shownProfile !== undefined && top !== undefined && (
              <ProposedProfileAccordion
                name={`${top.firstName} ${top.lastName}`}
                profile={shownProfile}
                points={suggestedByProgramTeam(top) ? null : top.baseMatchRuleScore}
                viewerStatus={status}
              />
            )}
          </>
        ) : kind === 'noProposals' && side === 'Mentor' && status === 'PAUSED' ? (
          <PausedPanel />
        ) : (
          <StatusPanel
            kind={kind}
            side={side}
            email={me.email}
            canStart={canStartMatching(status)}
            unmetMustFits={side === 'Mentee' ? (entry?.unmetMustFits ?? []) : []}
            starting={matching.running}
            onStartMatching={() => void matching.start()}
          />
        )}
      </Suspense>
      {/* below the mentee's profile disclosure, which comes with its own request: shown after it, so it is not pushed down */}
      {(side !== 'Mentee' || kind !== 'proposals' || top === undefined || shownProfile !== undefined || profile.isError) && (
        <Timelines email={me.email} side={side} />
      )}
      <Suspense fallback={null}>
        {side === 'Mentee' && kind === 'proposals' && hash === '#waitlist' && <WaitlistSwitch email={me.email} />}
        {decision?.kind === 'accept' && (
          <AcceptDialog
            proposal={decision.proposal}
            places={places === undefined ? undefined : placesOf(places, proposals)}
            busy={acceptState.isLoading}
            onClose={() => setDecision(null)}
            onConfirm={() => void confirmAccept(decision.proposal)}
          />
        )}
        {decision?.kind === 'decline' && (
          <DeclineDialog
            proposal={decision.proposal}
            reasons={reasons.data ?? []}
            busy={declineState.isLoading}
            onClose={() => setDecision(null)}
            onConfirm={(input) => void confirmDecline(decision.proposal, input)}
          />
        )}
        {decision?.kind === 'end' && (
          <EndMentorshipDialog
            title={t('ending.title', { name: `${decision.proposal.firstName} ${decision.proposal.lastName}` })}
            who={side}
            busy={endState.isLoading}
            onClose={() => setDecision(null)}
            onConfirm={(input) => void confirmEnd(decision.proposal, input)}
          />
        )}
        {matching.warning && (
          <NoticeDialog
            title={t('dashboard.matchingAlreadyRunningTitle')}
            text={t('dashboard.matchingAlreadyRunning')}
            onClose={matching.closeWarning}
          />
        )}
        {notice !== null && (
          <NoticeDialog
            title={t(`dashboard.notice.${notice}.title`)}
            text={t(`dashboard.notice.${notice}.text`)}
            onClose={() => setNotice(null)}
          />
        )}
      </Suspense>
    </section>
  )
}

/**
 * The open check-in questions of a matched participant (docs/mentorship.md#check-ins-in-the-web-app),
 * above the sections. Its chunk loads in the sections' Suspense boundary: the sections show together
 * with the cards, never to be pushed down by them (docs/web.md, "Budgets per state").
 */
const CheckIns = ({ email, open }: { readonly email: string; readonly open: readonly OpenCheckIn[] }) => {
  // once a question was open, the cards' chunk stays (it thanks the person after the answer)
  const [asked, setAsked] = useState(false)
  if (!asked && open.length > 0) setAsked(true)
  // a failed load shows nothing: the questions wait for the next visit, and the mail has a link too
  return asked ? <CheckInCards email={email} open={open} /> : null
}

/**
 * The participant's own check-in timelines of one side, at the end of its section (below the cards,
 * so their arrival pushes nothing above them down); their chunk loads only when there is one.
 */
const Timelines = ({ email, side }: { readonly email: string; readonly side: Side }) => {
  const timelines = useGetMyTimelinesQuery({ email })
  const mine = (timelines.data ?? []).filter((v) => v.role === side)
  // a failed load shows nothing: the timeline is a look back, the open questions have their cards
  return mine.length > 0 ? (
    <Suspense fallback={null}>
      <MyTimelines
        timelines={mine}
        after={(matchingTandemId) => (
          <Suspense fallback={null}>
            <TeamMeetings email={email} matchingTandemId={matchingTandemId} />
          </Suspense>
        )}
      />
    </Suspense>
  ) : null
}

/**
 * The meetings of a participant's running teams (docs/web.md#meetings): their chunk (the call and
 * the cards) loads only for someone who may be in one, a matched mentee or a mentor past sign-up
 * (a mentor with free places stays available). Until the meetings are in, a matched person's page
 * keeps the card's space free, so the sections below do not move when it arrives.
 */
const Meetings = ({ me }: { readonly me: Me }) => {
  const matched = me.sides.some((side) => me.statusOf(side) === 'MATCHED')
  const mentor = me.statusOf('Mentor')
  if (!matched && (mentor ?? 'NEW') === 'NEW') return null
  // the card's usual height
  const space = matched ? <div style={{ minHeight: 260 }} aria-hidden="true" /> : null
  return (
    <Suspense fallback={space}>
      <MeetingsSection email={me.email} space={space} />
    </Suspense>
  )
}

export const DashboardView = ({ me }: { readonly me: Me }) => {
  const { t } = useTranslation()
  const styles = useStyles()
  // The heading and the introduction are painted first; the sections follow in a background render.
  const sides = useDeferredValue(me.sides.join(' '), '')
  // the sections wait for the open check-ins (asked with the person's details, prefetch.ts): a
  // question's card arriving later would push them down
  const open = useGetOpenCheckInsQuery(me.sides.length > 0 ? { email: me.email } : skipToken)
  const settled = open.data !== undefined || open.isError
  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('dashboard.title')}</Title2>
      <Body1>{t('dashboard.header')}</Body1>
      {sides !== '' && settled && (
        <Suspense fallback={<Loading />}>
          <CheckIns email={me.email} open={open.data ?? []} />
          <Meetings me={me} />
          {(sides.split(' ') as Side[]).map((side) => (
            <SideSection key={side} me={me} side={side} />
          ))}
        </Suspense>
      )}
      {me.sides.length === 0 && <LaterMessage intent="info">{t('dashboard.noSides')}</LaterMessage>}
    </div>
  )
}

const Dashboard = () => {
  const { me } = useMe()
  return me === undefined ? <Loading /> : <DashboardView me={me} />
}
export default Dashboard
