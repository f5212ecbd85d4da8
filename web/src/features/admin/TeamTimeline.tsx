// A team's check-in timeline for administrators (docs/admin.md#screens): both sides of every question
// with times, answers and notes, what comes next and how the team ended. Reading it is audited
// (`team-timeline.read`); the texts are the check-in chunk's, shared with the participant's view.
import { Body1, Card, CardHeader, Spinner } from '@fluentui/react-components'
import { useCheckInTranslations } from '../checkins/checkins.i18n.js'
import { TimelineList } from '../checkins/TimelineList.js'
import { useAdminGetTeamTimelineQuery } from './admin.api.js'

export const TeamTimeline = ({ tandemId }: { readonly tandemId: number }) => {
  const { t } = useCheckInTranslations()
  const timeline = useAdminGetTeamTimelineQuery(tandemId)
  const title = t('checkIn.timeline.adminTeamTitle', { id: tandemId })
  return (
    <Card aria-label={title} style={{ marginTop: 12 }}>
      <CardHeader header={<h4 style={{ margin: 0 }}>{title}</h4>} description={<Body1>{t('checkIn.timeline.adminOnly')}</Body1>} />
      {timeline.isLoading ? (
        <Spinner size="tiny" label={t('checkIn.timeline.loading')} />
      ) : timeline.isError ? (
        <Body1 role="alert">{t('checkIn.timeline.loadFailed')}</Body1>
      ) : timeline.data === null || timeline.data === undefined ? (
        <Body1>{t('checkIn.timeline.noTimeline')}</Body1>
      ) : (
        <TimelineList view={timeline.data} showRole />
      )}
    </Card>
  )
}
