// The dashboard's status panels (docs/product.md#dashboard): no profile, publish profile, matching running,
// no proposals, team ended and start matching. Each says what to do next and offers the one action that fits.
// Fluent's Card, loaded after the dashboard's first paint (Dashboard.tsx).
import { Body1, Button, Card, CardHeader, Subtitle2 } from '@fluentui/react-components'
import { lazy, Suspense } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Side, UnmetMustFitWire } from '@tandem/core'
import type { PanelKind } from './dashboard.logic.js'
import { Busy } from '../../shared/Busy.js'
import { useLanguage } from '../../shell/language.js'

/** The waitlist's switch, fetched only when a mentee's run found nobody or their team ended. */
const WaitlistSwitch = lazy(() => import('./WaitlistSwitch.js'))

const questionnairePath = (side: Side) => (side === 'Mentee' ? '/user/mentee-profile' : '/user/mentor-profile')

export const StatusPanel = ({
  kind,
  side,
  onStartMatching,
  starting,
  email,
  canStart = false,
  unmetMustFits = [],
}: {
  readonly kind: Exclude<PanelKind, 'proposals'>
  readonly side: Side
  readonly onStartMatching: () => void
  readonly starting: boolean
  /** The caller's address: the mentee's waitlist switch on the no-match and team-ended panels names it. */
  readonly email?: string
  /** The mentee may start matching again from the no-match panel (AVAILABLE). */
  readonly canStart?: boolean
  /** The no-match panel: the must-fit answers of the mentee no mentor with a free place offers (docs/matching.md#no-match). */
  readonly unmetMustFits?: readonly UnmetMustFitWire[]
}) => {
  const { t } = useTranslation()
  const { language } = useLanguage()
  const navigate = useNavigate()
  const key = `dashboard.panels.${kind}.${side === 'Mentee' ? 'mentee' : 'mentor'}`
  return (
    <Card role="group" aria-labelledby={`${side}-${kind}`}>
      <CardHeader
        header={
          <Subtitle2 as="h3" id={`${side}-${kind}`}>
            {t(`${key}.title`)}
          </Subtitle2>
        }
      />
      <Body1>{t(`${key}.text`)}</Body1>
      {kind === 'noProposals' && side === 'Mentee' && unmetMustFits.length > 0 && (
        <section aria-labelledby="unmet-must-fits">
          <Body1 as="p" id="unmet-must-fits">
            {t('dashboard.unmetMustFits.intro', { count: unmetMustFits.length })}
          </Body1>
          <ul>
            {unmetMustFits.map((u) => (
              <li key={u.questionPairId}>
                <Body1>
                  {t('dashboard.unmetMustFits.item', {
                    question: u.question[language],
                    answers: u.answers.map((a) => a[language]).join(', '),
                  })}
                </Body1>
              </li>
            ))}
          </ul>
        </section>
      )}
      {kind === 'noProfile' && (
        <Button appearance="primary" onClick={() => void navigate(questionnairePath(side))}>
          {t(side === 'Mentee' ? 'dashboard.createMentee' : 'dashboard.createMentor')}
        </Button>
      )}
      {kind === 'publishProfile' && (
        <Button appearance="primary" onClick={() => void navigate(questionnairePath(side))}>
          {t('dashboard.publishProfile')}
        </Button>
      )}
      {kind === 'matchingRunning' && <Busy label={t('dashboard.waitMessage')} />}
      {kind === 'noProposals' && <Button onClick={() => void navigate(questionnairePath(side))}>{t('dashboard.adjustProfile')}</Button>}
      {(kind === 'noProposals' || kind === 'teamEnded') && side === 'Mentee' && email !== undefined && (
        <Suspense fallback={null}>
          <WaitlistSwitch email={email} />
        </Suspense>
      )}
      {/* After a team's end or a run that found nobody the mentee waits, and may start matching again at once. */}
      {(kind === 'startMatching' || kind === 'teamEnded' || (kind === 'noProposals' && side === 'Mentee' && canStart)) && (
        <Button appearance="primary" disabled={starting} onClick={onStartMatching}>
          {t('dashboard.startMatching')}
        </Button>
      )}
    </Card>
  )
}
