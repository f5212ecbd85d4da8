// One check-in question and its answer (docs/mentorship.md#check-ins), the same on the dashboard's
// card and on the mail link's page: "have you met yet?" is three buttons (one click answers); the
// pulse is a score 1–5 and an optional note; the closing survey is satisfaction, recommendation,
// goals reached and an optional note. The answer is checked by the core's decoding before it is
// sent (a note over 1000 characters, counted as the person sees them, is refused here, in words).
import { useState } from 'react'
import { Button, Field, makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, Textarea } from '@fluentui/react-components'
import { useCheckInTranslations } from './checkins.i18n.js'
import {
  CHECK_IN_NOTE_MAX,
  countCharacters,
  decodeCheckInAnswer,
  GOALS_REACHED,
  MET_ANSWERS,
  type CheckInAnswer,
  type CheckInOccasion,
  type FieldError,
  type Side,
} from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import { errorOf, messageOf, validation } from '../../shared/field.js'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px', alignItems: 'flex-start' },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  note: { width: '100%', maxWidth: '560px' },
  // the five scores wrap onto further lines on a narrow screen instead of running off its edge
  // (docs/web.md: survey scales fit the phone)
  scale: { flexWrap: 'wrap', columnGap: '4px' },
})

const SCORES = ['1', '2', '3', '4', '5'] as const

export type CheckInFormProps = {
  readonly occasion: CheckInOccasion
  readonly role: Side
  readonly busy: boolean
  /** The translated refusal of the last answer, shown next to the form. */
  readonly failure: string | null
  readonly onAnswer: (answer: CheckInAnswer) => void
}

export const CheckInForm = ({ occasion, role, busy, failure, onAnswer }: CheckInFormProps) => {
  const styles = useStyles()
  const { t } = useCheckInTranslations()
  const [score, setScore] = useState('')
  const [recommend, setRecommend] = useState('')
  const [goals, setGoals] = useState('')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<readonly FieldError[]>([])

  const submit = (input: Record<string, unknown>) => {
    const decoded = decodeCheckInAnswer(input)
    if (isLeft(decoded)) {
      setErrors(decoded.left._tag === 'ValidationFailed' ? decoded.left.errors : [])
      return
    }
    setErrors([])
    onAnswer(decoded.right)
  }
  const shownNote = note.trim() === '' ? null : note.trim()
  const fieldMessage = (field: string) => validation(messageOf(t, errorOf(errors, field)))
  const scoreOf = (value: string) => (value === '' ? undefined : Number(value))

  const refusal = failure !== null && (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{failure}</MessageBarBody>
    </MessageBar>
  )
  const noteField = (
    <Field
      className={styles.note}
      label={t('checkIn.note')}
      hint={t('common.charactersLeft', { count: CHECK_IN_NOTE_MAX - countCharacters(note.trim()) })}
      {...fieldMessage('note')}
    >
      <Textarea value={note} onChange={(_, d) => setNote(d.value)} resize="vertical" />
    </Field>
  )

  if (occasion.kind === 'Met')
    return (
      <div className={styles.form}>
        <div className={styles.buttons} role="group" aria-label={t('checkIn.met.question')}>
          {MET_ANSWERS.map((met) => (
            <Button
              key={met}
              appearance={met === 'Yes' ? 'primary' : 'secondary'}
              disabled={busy}
              onClick={() => submit({ kind: 'Met', met })}
            >
              {t(`checkIn.met.${met}`)}
            </Button>
          ))}
        </div>
        {refusal}
      </div>
    )

  if (occasion.kind === 'Pulse')
    return (
      <div className={styles.form}>
        <Field label={t('checkIn.pulse.question')} required {...fieldMessage('score')}>
          <RadioGroup className={styles.scale} value={score} onChange={(_, d) => setScore(d.value)} layout="horizontal">
            {SCORES.map((s) => (
              <Radio key={s} value={s} label={t(`checkIn.score.${s}`)} />
            ))}
          </RadioGroup>
        </Field>
        {noteField}
        <Button appearance="primary" disabled={busy} onClick={() => submit({ kind: 'Pulse', score: scoreOf(score), note: shownNote })}>
          {t('checkIn.send')}
        </Button>
        {refusal}
      </div>
    )

  return (
    <div className={styles.form}>
      <Field label={t('checkIn.closing.satisfaction')} required {...fieldMessage('satisfaction')}>
        <RadioGroup className={styles.scale} value={score} onChange={(_, d) => setScore(d.value)} layout="horizontal">
          {SCORES.map((s) => (
            <Radio key={s} value={s} label={t(`checkIn.score.${s}`)} />
          ))}
        </RadioGroup>
      </Field>
      <Field
        label={t(role === 'Mentee' ? 'checkIn.closing.recommendMentee' : 'checkIn.closing.recommendMentor')}
        required
        {...fieldMessage('wouldRecommend')}
      >
        <RadioGroup value={recommend} onChange={(_, d) => setRecommend(d.value)} layout="horizontal">
          <Radio value="yes" label={t('checkIn.closing.yes')} />
          <Radio value="no" label={t('checkIn.closing.no')} />
        </RadioGroup>
      </Field>
      <Field label={t('checkIn.closing.goals')} required {...fieldMessage('goalsReached')}>
        <RadioGroup value={goals} onChange={(_, d) => setGoals(d.value)}>
          {GOALS_REACHED.map((g) => (
            <Radio key={g} value={g} label={t(`checkIn.closing.goal.${g}`)} />
          ))}
        </RadioGroup>
      </Field>
      {noteField}
      <Button
        appearance="primary"
        disabled={busy}
        onClick={() =>
          submit({
            kind: 'Closing',
            satisfaction: scoreOf(score),
            wouldRecommend: recommend === '' ? undefined : recommend === 'yes',
            goalsReached: goals === '' ? undefined : goals,
            note: shownNote,
          })
        }
      >
        {t('checkIn.send')}
      </Button>
      {refusal}
    </div>
  )
}
