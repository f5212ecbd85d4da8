// A team's check-in timeline for administrators (docs/admin.md#screens): both sides of every question
// with times, answers and notes, what comes next and how the team ended. Reading it is audited
// (`team-timeline.read`); the texts are the check-in chunk's, shared with the participant's view.
// Above the questions, the team's meeting figures (docs/mentorship.md#meetings): sessions so far,
// the last session's day and the next agreed meeting's, never its link, place or agenda.
import { Body1, Card, CardHeader, Spinner } from '@fluentui/react-components'
import type { TeamMeetingFigures } from '@tandem/core'
import { languageOf } from '../../i18n/i18n.js'
import { formatDay } from '../../shared/dates.js'
import { useCheckInTranslations } from '../../shared/checkins/checkins.i18n.js'
import { TimelineList } from '../../shared/checkins/TimelineList.js'
import { useAdminGetTeamTimelineQuery } from './admin.api.js'

export const TeamTimeline = ({ tandemId, meetings }: { readonly tandemId: number; readonly meetings?: TeamMeetingFigures | undefined }) => {
  const { t, i18n } = useCheckInTranslations()
  const day = (at: string | null) => (at === null ? t('checkIn.timeline.meetingsNone') : formatDay(at, languageOf(i18n)))
  const timeline = useAdminGetTeamTimelineQuery(tandemId)
  const title = t('checkIn.timeline.adminTeamTitle', { id: tandemId })
  return (
    <Card aria-label={title} style={{ marginTop: 12 }}>
      <CardHeader header={<h4 style={{ margin: 0 }}>{title}</h4>} description={<Body1>{t('checkIn.timeline.adminOnly')}</Body1>} />
      {meetings !== undefined && (
        <Body1>
          {t('checkIn.timeline.meetings', {
            count: meetings.sessions,
            last: day(meetings.lastSessionAt),
            next: day(meetings.nextMeetingAt),
          })}
        </Body1>
      )}
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
