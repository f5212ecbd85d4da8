// A team's check-in timeline as a list (docs/mentorship.md#the-timeline-view): every question so far
// with its due date and, per side the server sent, the state, the times and the answer; then the
// next question or how the team ended. The administrators' view sends both sides, a participant's
// only their own: this list shows what it is given and never asks for more.
import { Body1, makeStyles } from '@fluentui/react-components'
import { END_REASONS, reportedEndReason, type CheckInAnswer, type CheckInOccasion, type TimelineWire } from '@tandem/core'
import type { TFunction } from 'i18next'
import { formatDay, formatDateTime } from '../dates.js'
import { languageOf } from '../../i18n/i18n.js'
import { useCheckInTranslations } from './checkins.i18n.js'

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '8px' },
  side: { display: 'block' },
})

export const questionLabel = (t: TFunction, o: CheckInOccasion): string =>
  o.kind === 'Pulse' ? t('checkIn.timeline.question.Pulse', { n: o.round + 1 }) : t(`checkIn.timeline.question.${o.kind}`)

/** An answer in words: the met answer, the score, the closing survey's parts, the note. */
const answerText = (t: TFunction, a: CheckInAnswer): string => {
  const note = a.kind !== 'Met' && a.note !== null ? [t('checkIn.timeline.note', { note: a.note })] : []
  if (a.kind === 'Met') return t(`checkIn.met.${a.met}`)
  if (a.kind === 'Pulse') return [t('checkIn.timeline.score', { score: a.score }), ...note].join(' · ')
  return [
    t('checkIn.timeline.satisfaction', { score: a.satisfaction }),
    t('checkIn.timeline.recommend', { answer: t(a.wouldRecommend ? 'checkIn.closing.yes' : 'checkIn.closing.no') }),
    t('checkIn.timeline.goals', { answer: t(`checkIn.closing.goal.${a.goalsReached}`) }),
    ...note,
  ].join(' · ')
}

export const TimelineList = ({ view, showRole }: { readonly view: TimelineWire; readonly showRole: boolean }) => {
  const styles = useStyles()
  const { t, i18n } = useCheckInTranslations()
  const language = languageOf(i18n)
  const when = (key: string, at: string | null) =>
    at === null ? [] : [t(`checkIn.timeline.${key}`, { date: formatDateTime(at, language) })]
  return (
    <>
      {view.questions.length === 0 ? (
        <Body1>{t('checkIn.timeline.none')}</Body1>
      ) : (
        <ol className={styles.list}>
          {view.questions.map((q) => (
            <li key={q.occasion.kind === 'Pulse' ? `pulse-${q.occasion.round}` : q.occasion.kind}>
              <Body1>
                <strong>{questionLabel(t, q.occasion)}</strong>
                {q.dueAt !== null && ` (${t('checkIn.timeline.due', { date: formatDay(q.dueAt, language) })})`}
              </Body1>
              {q.sides.map((s) => (
                <Body1 key={s.role} className={styles.side}>
                  {[
                    ...(showRole ? [t(`checkIn.timeline.role.${s.role}`)] : []),
                    t(`checkIn.timeline.state.${s.state}`),
                    ...when('asked', s.askedAt),
                    ...when('reminded', s.remindedAt),
                    ...when('answered', s.answeredAt),
                    ...(s.answer === null ? [] : [answerText(t, s.answer)]),
                  ].join(' · ')}
                </Body1>
              ))}
            </li>
          ))}
        </ol>
      )}
      {view.next !== null && (
        <Body1>
          {t('checkIn.timeline.next', { question: questionLabel(t, view.next.occasion), date: formatDay(view.next.dueAt, language) })}
        </Body1>
      )}
      {view.ended !== null && (
        <Body1>
          {t('checkIn.timeline.ended', { date: formatDateTime(view.ended.at, language), by: t(`checkIn.timeline.by.${view.ended.by}`) })}
          {view.ended.reasonId !== null &&
            ` · ${t('checkIn.timeline.endedReason', {
              // a participant reads only their own reason (first person); administrators read it told of the team
              reason: showRole
                ? reportedEndReason(view.ended.reasonId, language)
                : (END_REASONS.find((r) => r.id === view.ended?.reasonId)?.label[language] ?? view.ended.reasonId),
            })}`}
        </Body1>
      )}
    </>
  )
}
