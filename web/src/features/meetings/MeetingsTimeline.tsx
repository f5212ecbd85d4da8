// A team's meetings and sessions in its timeline (docs/web.md#meetings): every meeting with its
// state and time (the first offered time while none is agreed), and every logged session, newest
// first, in the viewer's time zone.
import { Body1, makeStyles } from '@fluentui/react-components'
import { languageOf } from '../../i18n/i18n.js'
import { useMeetingTranslations } from './meetings.i18n.js'
import { formatDayIn, formatSlot } from './zoned.js'
import type { MyMeetingsWire } from './meetings.api.js'

const useStyles = makeStyles({ list: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '4px' } })

type Team = MyMeetingsWire['teams'][number]

export const MeetingsTimeline = ({ team, zone }: { readonly team: Team; readonly zone: string }) => {
  const styles = useStyles()
  const { t, i18n } = useMeetingTranslations()
  const language = languageOf(i18n)
  const lines = [
    ...team.meetings.flatMap((m) => {
      const slot = m.slots[0]
      return slot === undefined
        ? []
        : [
            {
              key: `m-${m.meetingId}`,
              at: Date.parse(slot.start),
              text: t('meeting.timeline.meeting', {
                state: t(`meeting.state.${m.state}`),
                slot: formatSlot(slot.start, slot.end, zone, language),
              }),
            },
          ]
    }),
    ...team.sessions.map((s, i) => ({
      key: `s-${i}`,
      at: Date.parse(s.startedAt),
      text: t('meeting.timeline.session', { day: formatDayIn(s.startedAt, zone, language), minutes: s.minutes }),
    })),
  ].sort((a, b) => b.at - a.at)
  return (
    <section aria-label={t('meeting.timeline.title')}>
      <Body1>
        <strong>{t('meeting.timeline.title')}</strong>
      </Body1>
      {lines.length === 0 ? (
        <Body1>{t('meeting.timeline.none')}</Body1>
      ) : (
        <ul className={styles.list}>
          {lines.map((l) => (
            <li key={l.key}>{l.text}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
