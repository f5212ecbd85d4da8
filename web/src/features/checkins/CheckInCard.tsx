// The dashboard's card of an open check-in question (docs/mentorship.md#check-ins): a Fluent card
// with the question and its form; answering invalidates the open questions, so the card goes once
// the answer is recorded. Loaded only when a question is open (the dashboard's first load stays
// within its budget, docs/web.md).
import { useCallback, useState } from 'react'
import { Body1, Card, CardHeader, Subtitle2, makeStyles } from '@fluentui/react-components'
import { LaterMessage } from '../../shared/LaterMessage.js'
import { useCheckInTranslations } from '../../shared/checkins/checkins.i18n.js'
import type { CheckInAnswer } from '@tandem/core'
import { refusalText } from './checkins.refusal.js'
import { useAnswerCheckInMutation, type OpenCheckIn } from '../../shared/api/checkins.api.js'
import { CheckInForm } from './CheckInForm.js'

const useStyles = makeStyles({ card: { maxWidth: '720px' } })

export const CheckInCard = ({
  email,
  checkIn,
  onAnswered,
}: {
  readonly email: string
  readonly checkIn: OpenCheckIn
  readonly onAnswered: () => void
}) => {
  const styles = useStyles()
  const { t } = useCheckInTranslations()
  const [answerCheckIn, state] = useAnswerCheckInMutation()
  const [failure, setFailure] = useState<string | null>(null)
  const kind = checkIn.occasion.kind
  const titleId = `check-in-${checkIn.matchingTandemId}-${checkIn.role}`

  const onAnswer = async (answer: CheckInAnswer) => {
    setFailure(null)
    const result = await answerCheckIn({ email, matchingTandemId: checkIn.matchingTandemId, occasion: checkIn.occasion, answer })
    if ('error' in result) setFailure(refusalText(t, result.error))
    else onAnswered()
  }

  return (
    <Card className={styles.card} role="region" aria-labelledby={titleId}>
      <CardHeader
        header={
          <Subtitle2 as="h3" id={titleId}>
            {t(`checkIn.${kind === 'Met' ? 'met' : kind === 'Pulse' ? 'pulse' : 'closing'}.title`)}
          </Subtitle2>
        }
        description={<Body1>{t(checkIn.role === 'Mentee' ? 'checkIn.asMentee' : 'checkIn.asMentor')}</Body1>}
      />
      <CheckInForm
        occasion={checkIn.occasion}
        role={checkIn.role}
        busy={state.isLoading}
        failure={failure}
        onAnswer={(a) => void onAnswer(a)}
      />
    </Card>
  )
}

/** The cards of the open questions, and the thanks once one is answered (the card goes with the answer). */
const CheckInCards = ({ email, open }: { readonly email: string; readonly open: readonly OpenCheckIn[] }) => {
  const { t } = useCheckInTranslations()
  const [answered, setAnswered] = useState(false)
  const onAnswered = useCallback(() => setAnswered(true), [])
  return (
    <>
      {answered && (
        <LaterMessage intent="success" role="status">
          {t('checkIn.thanks')}
        </LaterMessage>
      )}
      {open.map((c) => (
        <CheckInCard key={`${c.matchingTandemId}-${c.role}`} email={email} checkIn={c} onAnswered={onAnswered} />
      ))}
    </>
  )
}

export default CheckInCards
