// The pulse (a score 1–5 and an optional note) and the closing survey (satisfaction, recommendation,
// goals reached and an optional note) of a check-in (docs/mentorship.md#check-ins): a chunk of its
// own, loaded by `CheckInForm` for these questions only. A note over 1000 characters, counted as
// the person sees them, is refused before sending, in words.
import { useState } from 'react'
import { Button, Field, makeStyles, Radio, RadioGroup, Textarea } from '@fluentui/react-components'
import { CHECK_IN_NOTE_MAX, countCharacters, GOALS_REACHED } from '@tandem/core'
import { useCheckInTranslations } from '../../shared/checkins/checkins.i18n.js'
import { errorOf, messageOf, validation } from '../../shared/field.js'
import { Refusal, useCheckedAnswer, type CheckInFormProps } from './checkin.answer.js'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px', alignItems: 'flex-start' },
  note: { width: '100%', maxWidth: '560px' },
  // the five scores wrap onto further lines on a narrow screen instead of running off its edge
  // (docs/web.md: survey scales fit the phone)
  scale: { flexWrap: 'wrap', columnGap: '4px' },
})

const SCORES = ['1', '2', '3', '4', '5'] as const

const CheckInSurvey = ({ occasion, role, busy, failure, onAnswer }: CheckInFormProps) => {
  const styles = useStyles()
  const { t } = useCheckInTranslations()
  const [score, setScore] = useState('')
  const [recommend, setRecommend] = useState('')
  const [goals, setGoals] = useState('')
  const [note, setNote] = useState('')
  const { errors, submit } = useCheckedAnswer(onAnswer)

  const shownNote = note.trim() === '' ? null : note.trim()
  const fieldMessage = (field: string) => validation(messageOf(t, errorOf(errors, field)))
  const scoreOf = (value: string) => (value === '' ? undefined : Number(value))

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
        <Refusal failure={failure} />
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
      <Refusal failure={failure} />
    </div>
  )
}

export default CheckInSurvey
