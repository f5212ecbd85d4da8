// One proposal: who, the score, what the two have in common; accept and decline while it waits,
// a matched label once accepted, and "End mentorship" once matched. The e-mail appears only once the
// tandem is matched. Fluent's Card, Avatar and Badge: the dashboard loads this card after its first
// paint (Dashboard.tsx).
import { memo, useState } from 'react'
import { Avatar, Badge, Body1, Button, Caption1, Card, CardHeader, makeStyles, Text, useId } from '@fluentui/react-components'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { commonGround, type Language, type ParticipantProposal, type QuestionnaireQuestion, type Side, type StatusName } from '@tandem/core'
import { useAuthorizedImage } from '../../shared/authorized-image.js'
import { ProposalDeadline } from './CountdownCard.js'
import { suggestedByProgramTeam } from './dashboard.logic.js'
import { GRID_CARD } from '../../shared/card-grid.js'
import { ProposalProfile } from './ProposedProfileAccordion.js'

const useStyles = makeStyles({
  card: GRID_CARD,
  actions: { display: 'flex', gap: '8px' },
  common: { margin: 0, paddingLeft: '20px' },
  meter: { display: 'block', width: '100%', height: '8px' },
  badge: { alignSelf: 'flex-start' },
})

/** The photo, or the initials while there is none; the name beside it says who it is. */
const Portrait = ({ proposal }: { readonly proposal: ParticipantProposal }) => {
  const photo = useAuthorizedImage(proposal.profileImage)
  return <Avatar aria-hidden name={`${proposal.firstName} ${proposal.lastName}`} image={photo === null ? null : { src: photo }} />
}

/** How many shared items a card shows before "show all". */
export const COMMON_SHOWN = 5

/**
 * "What you have in common": the core's common ground of the score (the weightiest first), named
 * with the own questionnaire's texts; a compared year shows both answers.
 */
export const commonGroundTexts = (
  proposal: ParticipantProposal,
  questions: readonly QuestionnaireQuestion[],
  side: Side,
  t: TFunction,
): readonly string[] =>
  commonGround(proposal.breakdown).flatMap((b) => {
    const question = questions.find((q) => q.questionPairId === b.questionPairId)
    if (question === undefined) return []
    const topic = question.questionText.replace(/[?:\s]+$/, '')
    if (b.years !== undefined) {
      const [own, other] = side === 'Mentee' ? [b.years.mentee, b.years.mentor] : [b.years.mentor, b.years.mentee]
      return [t('dashboard.commonYears', { topic, own, other, name: proposal.firstName })]
    }
    const options = question.possibleAnswers.filter((o) => b.common.includes(o.originalPossibleAnswerId)).map((o) => o.optionText)
    return options.length > 0 ? [`${topic}: ${options.join(', ')}`] : []
  })

const CommonGround = ({ items }: { readonly items: readonly string[] }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const [all, setAll] = useState(false)
  const listId = useId('common')
  const shown = all ? items : items.slice(0, COMMON_SHOWN)
  return (
    <div>
      <Body1>{t('dashboard.inCommon')}</Body1>
      <ul className={styles.common} id={listId}>
        {shown.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      {items.length > COMMON_SHOWN && (
        <Button appearance="transparent" size="small" aria-expanded={all} aria-controls={listId} onClick={() => setAll((a) => !a)}>
          {all ? t('dashboard.showFewerCommon') : t('dashboard.showAllCommon', { count: items.length })}
        </Button>
      )}
    </div>
  )
}

/** Memoised: the dashboard re-renders for every answer that arrives; a card only for its own. */
export const ProposalCard = memo(function ProposalCard({
  proposal,
  questions,
  side,
  onAccept,
  onDecline,
  onEnd,
  deadline,
  profileFor,
  language = 'en',
  viewerStatus,
}: {
  readonly proposal: ParticipantProposal
  readonly questions: readonly QuestionnaireQuestion[]
  readonly side: Side
  readonly onAccept: (p: ParticipantProposal) => void
  readonly onDecline: (p: ParticipantProposal) => void
  /** Ends the matched team (the card of a MATCHED team offers it). */
  readonly onEnd?: (p: ParticipantProposal) => void
  /** The card's own deadline (a mentor's proposals each have theirs). */
  readonly deadline?: string | undefined
  /** Who asks for the card's own profile disclosure (a mentor's card), in which language, with which status. */
  readonly profileFor?: string | undefined
  readonly language?: Language
  readonly viewerStatus?: StatusName | undefined
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  const name = `${proposal.firstName} ${proposal.lastName}`
  const matched = proposal.tandemState === 'MATCHED'
  const common = commonGroundTexts(proposal, questions, side, t)
  const manual = suggestedByProgramTeam(proposal)
  const scoreText = t('dashboard.score', { base: proposal.baseMatchRuleScore, max: proposal.maxScore, percentage: proposal.percentage })
  return (
    <Card role="group" className={styles.card} aria-label={t('dashboard.proposalOf', { name })}>
      <CardHeader
        image={<Portrait proposal={proposal} />}
        header={<Text weight="semibold">{name}</Text>}
        description={<Caption1>{manual ? t('dashboard.manualMatching') : scoreText}</Caption1>}
      />
      {!manual && (
        <meter
          className={styles.meter}
          min={0}
          max={proposal.maxScore}
          value={proposal.baseMatchRuleScore}
          aria-label={t('dashboard.scoreMeter')}
          aria-valuetext={scoreText}
        />
      )}
      {deadline !== undefined && proposal.proposalState === 'PROPOSED' && <ProposalDeadline validUntil={deadline} />}
      {common.length > 0 && <CommonGround items={common} />}
      {matched && proposal.email !== null && <Body1>{t('dashboard.email', { email: proposal.email })}</Body1>}
      {proposal.proposalState === 'ACCEPTED' ? (
        <>
          <Badge className={styles.badge} appearance="filled" color={matched ? 'success' : 'warning'}>
            {matched ? t('dashboard.matchedLabel') : t('dashboard.acceptedLabel')}
          </Badge>
          {matched && onEnd !== undefined && (
            <div className={styles.actions}>
              <Button onClick={() => onEnd(proposal)}>{t('ending.action')}</Button>
            </div>
          )}
        </>
      ) : (
        <div className={styles.actions}>
          <Button appearance="primary" onClick={() => onAccept(proposal)}>
            {t('dashboard.accept')}
          </Button>
          <Button onClick={() => onDecline(proposal)}>{t('dashboard.decline')}</Button>
        </div>
      )}
      {profileFor !== undefined && (
        <ProposalProfile proposal={proposal} email={profileFor} side={side} language={language} viewerStatus={viewerStatus} />
      )}
    </Card>
  )
})
