// One check-in question and its answer (docs/mentorship.md#check-ins), the same on the dashboard's
// card and on the mail link's page: "have you met yet?" is three buttons (one click answers); the
// pulse and the closing survey are a form of their own (`CheckInSurvey.tsx`), loaded only for them,
// so the first question's card carries no radio, field or text area (docs/web.md, "Budgets per
// state"). The caller's Suspense boundary waits for it, so the form shows with the card.
import { lazy } from 'react'
import { Button, makeStyles } from '@fluentui/react-components'
import { MET_ANSWERS } from '@tandem/core'
import { useCheckInTranslations } from '../../shared/checkins/checkins.i18n.js'
import { Refusal, useCheckedAnswer, type CheckInFormProps } from './checkin.answer.js'

export type { CheckInFormProps } from './checkin.answer.js'

const CheckInSurvey = lazy(() => import('./CheckInSurvey.js'))

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px', alignItems: 'flex-start' },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
})

export const CheckInForm = (props: CheckInFormProps) => {
  const styles = useStyles()
  const { t } = useCheckInTranslations()
  const { submit } = useCheckedAnswer(props.onAnswer)
  if (props.occasion.kind !== 'Met') return <CheckInSurvey {...props} />
  return (
    <div className={styles.form}>
      <div className={styles.buttons} role="group" aria-label={t('checkIn.met.question')}>
        {MET_ANSWERS.map((met) => (
          <Button
            key={met}
            appearance={met === 'Yes' ? 'primary' : 'secondary'}
            disabled={props.busy}
            onClick={() => submit({ kind: 'Met', met })}
          >
            {t(`checkIn.met.${met}`)}
          </Button>
        ))}
      </div>
      <Refusal failure={props.failure} />
    </div>
  )
}
