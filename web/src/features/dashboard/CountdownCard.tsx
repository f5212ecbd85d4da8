// The countdown of the reservation: two-digit hours and minutes until the deadline and the
// deadline itself ('choose your mentor until'). Refreshes every thirty seconds. A mentor's proposal
// card carries its own (ProposalDeadline): each mentee's proposal has its own deadline.
import { useEffect, useState } from 'react'
import { Text, Body1, Card } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { Side } from '@tandem/core'
import { timeLeft } from './dashboard.logic.js'
import { formatDateTime, twoDigits } from '../../shared/dates.js'
import { useLanguage } from '../../shell/language.js'

const useNow = (now: () => number): number => {
  const [current, setCurrent] = useState(now)
  useEffect(() => {
    const id = window.setInterval(() => setCurrent(now()), 30_000)
    return () => window.clearInterval(id)
  }, [now])
  return current
}

const clockNow = () => Date.now()

/** The deadline of one proposal inside its card: the time left and until when to answer. */
export const ProposalDeadline = ({ validUntil, now = clockNow }: { readonly validUntil: string; readonly now?: () => number }) => {
  const { t } = useTranslation()
  const { language } = useLanguage()
  const left = timeLeft(validUntil, useNow(now))
  const hours = twoDigits(left.hours)
  const minutes = twoDigits(left.minutes)
  return (
    <div role="timer" aria-label={t('dashboard.countdown')}>
      <Text weight="semibold">{`${hours}:${minutes}`}</Text> <Body1>{t('dashboard.timeLeft', { hours, minutes })}</Body1>
      <br />
      <Body1>{t('dashboard.answerUntil', { date: formatDateTime(validUntil, language) })}</Body1>
    </div>
  )
}

export const CountdownCard = ({
  side,
  validUntil,
  waitingFor,
  now = clockNow,
}: {
  readonly side: Side
  readonly validUntil: string
  /** The mentor whose answer a mentee waits for: the countdown is the mentor's. */
  readonly waitingFor?: string
  readonly now?: () => number
}) => {
  const { t } = useTranslation()
  const { language } = useLanguage()
  const left = timeLeft(validUntil, useNow(now))
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
