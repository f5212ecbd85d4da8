// One proposal: who, the score, what the two have in common; accept and decline while it waits,
// a matched label once accepted. The e-mail appears only once the tandem is matched.
import { Badge, Body1, Button, Caption1, Card, CardHeader, Avatar, makeStyles, Text, useRestoreFocusTarget } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { ParticipantProposal, QuestionnaireQuestion } from '@tandem/core'
import { useAuthorizedImage } from '../../shared/authorized-image.js'

const useStyles = makeStyles({
  card: { maxWidth: '520px', width: '100%' },
  actions: { display: 'flex', gap: '8px' },
  common: { margin: 0, paddingLeft: '20px' },
})

/** "What you have in common": question texts and the shared options, from the own questionnaire. */
export const commonGround = (proposal: ParticipantProposal, questions: readonly QuestionnaireQuestion[]): readonly string[] =>
  proposal.breakdown
    .filter((b) => b.points > 0)
    .flatMap((b) => {
      const question = questions.find((q) => q.questionPairId === b.questionPairId)
      if (question === undefined) return []
      const options = question.possibleAnswers.filter((o) => b.common.includes(o.originalPossibleAnswerId)).map((o) => o.optionText)
      const topic = question.questionText.replace(/[?:\s]+$/, '')
      return [options.length > 0 ? `${topic}: ${options.join(', ')}` : topic]
    })

export const ProposalCard = ({ proposal, questions, onAccept, onDecline }: {
  readonly proposal: ParticipantProposal
  readonly questions: readonly QuestionnaireQuestion[]
  readonly onAccept: (p: ParticipantProposal) => void
  readonly onDecline: (p: ParticipantProposal) => void
}) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const name = `${proposal.firstName} ${proposal.lastName}`
  const matched = proposal.tandemState === 'MATCHED'
  const common = commonGround(proposal, questions)
  const photo = useAuthorizedImage(proposal.profileImage)
  // The dialogs are opened by state, not by a DialogTrigger, so Fluent does not know where the
  // focus came from: these attributes tell it where to return after Escape or Cancel.
  const restoreFocus = useRestoreFocusTarget()
  return (
    <Card className={styles.card} aria-label={t('dashboard.proposalOf', { name })}>
      <CardHeader
        image={<Avatar name={name} {...(photo === null ? {} : { image: { src: photo, alt: '' } })} />}
        header={<Text weight="semibold">{name}</Text>}
        description={
          <Caption1>
            {proposal.baseMatchRuleScore < 1
              ? t('dashboard.manualMatching')
              : t('dashboard.score', { base: proposal.baseMatchRuleScore, max: proposal.maxScore, percentage: proposal.percentage })}
          </Caption1>
        }
      />
      {common.length > 0 && (
        <div>
          <Body1>{t('dashboard.inCommon')}</Body1>
          <ul className={styles.common}>
            {common.map((c) => <li key={c}>{c}</li>)}
          </ul>
        </div>
      )}
      {matched && proposal.email !== null && <Body1>{t('dashboard.email', { email: proposal.email })}</Body1>}
      {proposal.proposalState === 'ACCEPTED' ? (
        <Badge appearance="filled" color={matched ? 'success' : 'warning'}>
          {matched ? t('dashboard.matchedLabel') : t('dashboard.acceptedLabel')}
        </Badge>
      ) : (
        <div className={styles.actions}>
          <Button appearance="primary" {...restoreFocus} onClick={() => onAccept(proposal)}>{t('dashboard.accept')}</Button>
          <Button {...restoreFocus} onClick={() => onDecline(proposal)}>{t('dashboard.decline')}</Button>
        </div>
      )}
    </Card>
  )
}
