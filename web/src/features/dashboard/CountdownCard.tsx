// The countdown of the reservation: two-digit hours and minutes until the deadline and the
// deadline itself ('choose your mentor until'). Refreshes every thirty seconds.
import { useEffect, useState } from 'react'
import { Text, Body1, Card } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { Side } from '@tandem/core'
import { timeLeft } from './dashboard.logic.js'
import { formatDateTime, twoDigits } from '../../shared/dates.js'
import { useLanguage } from '../../shell/language.js'

export const CountdownCard = ({
  side,
  validUntil,
  waitingFor,
  now = () => Date.now(),
}: {
  readonly side: Side
  readonly validUntil: string
  /** The mentor whose answer a mentee waits for: the countdown is the mentor's. */
  readonly waitingFor?: string
  readonly now?: () => number
}) => {
  const { t } = useTranslation()
  const { language } = useLanguage()
  const [current, setCurrent] = useState(now)
  useEffect(() => {
    const id = window.setInterval(() => setCurrent(now()), 30_000)
    return () => window.clearInterval(id)
  }, [now])
  const left = timeLeft(validUntil, current)
  return (
    <Card role="timer" aria-label={t(waitingFor === undefined ? 'dashboard.countdown' : 'dashboard.mentorCountdown')}>
      <Text size={600} weight="semibold">{`${twoDigits(left.hours)}:${twoDigits(left.minutes)}`}</Text>
      <Body1>{t('dashboard.timeLeft', { hours: twoDigits(left.hours), minutes: twoDigits(left.minutes) })}</Body1>
      <Body1>
        {waitingFor === undefined
          ? t(side === 'Mentee' ? 'dashboard.chooseUntil' : 'dashboard.answerUntil', { date: formatDateTime(validUntil, language) })
          : t('dashboard.mentorAnswersUntil', { name: waitingFor, date: formatDateTime(validUntil, language) })}
      </Body1>
    </Card>
  )
}
