// The participant dashboard (home, /matching and the register routes): per side of the user, the
// panel of its status, or the proposal cards with countdown, profile accordion and decisions.
import { lazy, Suspense, useState } from 'react'
import { Body1, Title2, makeStyles } from '@fluentui/react-components'
import { Busy } from '../../shared/Busy.js'
import { Notice } from '../../shared/Notice.js'
import { useTranslation } from 'react-i18next'
import type { ParticipantProposal, Side } from '@tandem/core'
import { useMe, type Me } from '../../app/me.js'
import { useLanguage } from '../../app/language.js'
import { useAppSelector } from '../../app/hooks.js'
import { apiErrorOf } from '../../app/api.js'
import { errorMessageKey } from '../../app/error.messages.js'
import { Loading } from '../../app/guards.js'
import { useGetQuestionAnswerPairsQuery } from '../questionnaire/questionnaire.api.js'
import {
  useAcceptProposalMutation,
  useDeclineProposalMutation,
  useGetDeclineReasonsQuery,
  useGetProposalsQuery,
  useGetProposedProfileQuery,
} from './dashboard.api.js'
import { decisionFailure, nextDeadline, panelFor, topProposal, visibleProposals } from './dashboard.logic.js'
import { selectNoMatch } from './matching.slice.js'
import { useStartMatching } from './useStartMatching.js'
import { ErrorBar, StatusPanel } from './Panels.js'
import { PausedPanel } from './PausedPanel.js'
import { ProposalCard } from './ProposalCard.js'
import { CountdownCard } from './CountdownCard.js'
import type { DeclineInput } from './DecisionDialogs.js'
import { ProposedProfileAccordion } from './ProposedProfileAccordion.js'
import { skipToken } from '../../app/api.js'
import { LoadFailed } from '../../shared/LoadFailed.js'

// The dialogs (and the dropdown of the decline reasons) load when first opened, not with the page.
const AcceptDialog = lazy(() => import('./DecisionDialogs.js').then((m) => ({ default: m.AcceptDialog })))
const DeclineDialog = lazy(() => import('./DecisionDialogs.js').then((m) => ({ default: m.DeclineDialog })))
const NoticeDialog = lazy(() => import('../../shared/NoticeDialog.js').then((m) => ({ default: m.NoticeDialog })))

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px' },
  cards: { display: 'flex', flexWrap: 'wrap', gap: '16px' },
})

type Decision = { readonly kind: 'accept' | 'decline'; readonly proposal: ParticipantProposal } | null

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

  const status = me.statusOf(side)
  const entry = me.user.userStatuses.find((s) => s.role === side)
  const all = side === 'Mentee' ? (proposalsQuery.data?.menteeProposal ?? []) : (proposalsQuery.data?.mentorProposal ?? [])
  const proposals = visibleProposals(all)
  const kind = panelFor(side, {
    status,
    saved: entry?.questionLastSavedDate != null,
    published: entry?.questionLastPublishDate != null || questionnaire.data?.isProfilePublished === true,
    noMatch: side === 'Mentee' && noMatch,
    proposals,
  })
  // loaded with the cards, so the decline dialog opens with its reasons ready
  const reasons = useGetDeclineReasonsQuery(kind === 'proposals' ? { email: me.email, role: side, language } : skipToken)
  const top = topProposal(proposals)
  const profile = useGetProposedProfileQuery(
    kind === 'proposals' && top !== undefined
      ? { email: me.email, role: side, language, matchingTandemId: top.matchingTandemId }
      : skipToken,
  )
  const times =
    side === 'Mentee'
      ? (proposalsQuery.data?.proposalRemainingTime.menteeRemainingTime ?? [])
      : (proposalsQuery.data?.proposalRemainingTime.mentorRemainingTime ?? [])
  const deadline = nextDeadline(proposals, times)

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

  if (proposalsQuery.isLoading) return <Loading />
  if (proposalsQuery.isError) return <LoadFailed error={proposalsQuery.error} />
  return (
    <section className={styles.page} aria-labelledby={`dashboard-${side}`}>
      <Title2 as="h2" id={`dashboard-${side}`}>
        {t(side === 'Mentee' ? 'dashboard.asMentee' : 'dashboard.asMentor')}
      </Title2>
      {failure !== null && <ErrorBar text={failure} />}
      {matching.errorKey !== null && <ErrorBar text={t(matching.errorKey)} />}
      {matching.running && <Busy label={t('dashboard.waitMessage')} />}
      {kind === 'proposals' ? (
        <>
          {deadline !== undefined && <CountdownCard side={side} validUntil={deadline.tandemValidUntil} />}
          <div className={styles.cards}>
            {proposals.map((p) => (
              <ProposalCard
                key={p.proposalId}
                proposal={p}
                questions={questionnaire.data?.questionAnswerModel ?? []}
                side={side}
                onAccept={(proposal) => setDecision({ kind: 'accept', proposal })}
                onDecline={(proposal) => setDecision({ kind: 'decline', proposal })}
              />
            ))}
          </div>
          {profile.data !== undefined && top !== undefined && (
            <ProposedProfileAccordion profile={profile.data} points={top.baseMatchRuleScore} viewerStatus={status} />
          )}
        </>
      ) : kind === 'noProposals' && side === 'Mentor' && status === 'PAUSED' ? (
        <PausedPanel />
      ) : (
        <StatusPanel kind={kind} side={side} starting={matching.running} onStartMatching={() => void matching.start()} />
      )}
      <Suspense fallback={null}>
        {decision?.kind === 'accept' && (
          <AcceptDialog
            proposal={decision.proposal}
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

export const DashboardView = ({ me }: { readonly me: Me }) => {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('dashboard.title')}</Title2>
      <Body1>{t('dashboard.header')}</Body1>
      {me.sides.map((side) => (
        <SideSection key={side} me={me} side={side} />
      ))}
      {me.sides.length === 0 && <Notice intent="info">{t('dashboard.noSides')}</Notice>}
    </div>
  )
}

const Dashboard = () => {
  const { me } = useMe()
  return me === undefined ? <Loading /> : <DashboardView me={me} />
}
export default Dashboard
