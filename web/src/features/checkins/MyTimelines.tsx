// The participant's check-in timelines on the dashboard (docs/mentorship.md#check-ins-in-the-web-app):
// per team, named by the partner, the questions so far with their own answers only (the server never sends the partner's)
// and the next question's date; a running team's meetings and sessions follow its questions. The cards sit
// in the side's card grid below its cards (one row of columns with the proposal cards, docs/web.md).
// A lazy chunk, loaded only when the person has a timeline.
import { Body1, Card, CardHeader, Subtitle2, makeStyles } from '@fluentui/react-components'
import type { MyTimelineWire } from '@tandem/core'
import type { ReactNode } from 'react'
import { useCheckInTranslations } from '../../shared/checkins/checkins.i18n.js'
import { TimelineList } from '../../shared/checkins/TimelineList.js'
import { CARD_ROW, GRID_CARD } from '../../shared/card-grid.js'

const useStyles = makeStyles({ row: CARD_ROW, card: GRID_CARD })

const MyTimelines = ({
  timelines,
  after,
}: {
  readonly timelines: readonly MyTimelineWire[]
  /** What follows a team's questions: its meetings and sessions, composed by the dashboard (docs/web.md#meetings). */
  readonly after?: (matchingTandemId: MyTimelineWire['matchingTandemId']) => ReactNode
}) => {
  const styles = useStyles()
  const { t } = useCheckInTranslations()
  return (
    <div className={styles.row}>
      {timelines.map((view) => {
        return (
          <Card
            key={view.matchingTandemId}
            className={styles.card}
            role="region"
            aria-label={t('checkIn.timeline.titleWith', { name: view.partnerName })}
          >
            <CardHeader
              header={<Subtitle2 as="h3">{t('checkIn.timeline.titleWith', { name: view.partnerName })}</Subtitle2>}
              description={t(view.role === 'Mentee' ? 'checkIn.asMentee' : 'checkIn.asMentor')}
            />
            <TimelineList view={view} showRole={false} />
            {after?.(view.matchingTandemId)}
            <Body1>{t('checkIn.timeline.ownOnly')}</Body1>
          </Card>
        )
      })}
    </div>
  )
}

export default MyTimelines
