// The dashboard's meetings of a matched participant (docs/web.md#meetings): per running team a card
// with the next meeting (its time in the viewer's zone, the zone named and the partner's time told
// when the partner's zone differs; the link or the place; the agenda), the proposals waiting for an
// answer with their buttons, the meetings past their end asking "did it take place?", and the
// sessions so far. The dialogs (propose, move, ask other times, cancel, log a session) load when
// first opened. Every change answers the meetings as they are after it, so the card redraws from it.
import { lazy, Suspense, useState } from 'react'
import { Body1, Button, Card, CardHeader, Link, Subtitle2, makeStyles } from '@fluentui/react-components'
import { LaterMessage } from '../../shared/LaterMessage.js'
import type { TFunction } from 'i18next'
import type { Language } from '@tandem/core'
import { languageOf } from '../../i18n/i18n.js'
import { errorMessageKey } from '../../shell/error.messages.js'
import { useMeetingTranslations } from './meetings.i18n.js'
import { formatDayIn, formatSlot } from './zoned.js'
import { useAnswerTookPlaceMutation, usePickSlotMutation, type MeetingWire, type MyMeetingsWire } from './meetings.api.js'
import type { MeetingDialog } from './MeetingDialogs.js'

const MeetingDialogs = lazy(() => import('./MeetingDialogs.js'))

const useStyles = makeStyles({
  card: { maxWidth: '720px' },
  block: { display: 'flex', flexDirection: 'column', gap: '8px', alignItems: 'flex-start' },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  list: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '4px' },
  text: { overflowWrap: 'anywhere' },
})

type Team = MyMeetingsWire['teams'][number]

/** The confirmed meeting starting next (or running now), if any; one the server asks "did it take place?" of is over. */
export const nextMeeting = (team: Team): MeetingWire | undefined =>
  team.meetings
    .filter((m) => m.state === 'Confirmed' && !m.mayAnswerTookPlace && m.slots[0] !== undefined)
    .sort((a, b) => Date.parse(a.slots[0]?.start ?? '') - Date.parse(b.slots[0]?.start ?? ''))[0]

/** A slot in the viewer's zone; their zone named, and the partner's time told, when the two differ. */
export const slotText = (
  t: TFunction,
  slot: MeetingWire['slots'][number],
  zones: { readonly mine: string; readonly partner: string; readonly partnerName: string },
  language: Language,
): { readonly mine: string; readonly partner: string | null } => {
  const mine = formatSlot(slot.start, slot.end, zones.mine, language)
  if (zones.mine === zones.partner) return { mine, partner: null }
  return {
    mine: `${mine} ${t('meeting.zone', { zone: zones.mine })}`,
    partner: t('meeting.partnerTime', {
      name: zones.partnerName,
      time: formatSlot(slot.start, slot.end, zones.partner, language),
      zone: zones.partner,
    }),
  }
}

const Where = ({ meeting }: { readonly meeting: MeetingWire }) => {
  const { t } = useMeetingTranslations()
  const styles = useStyles()
  return (
    <>
      {meeting.link !== null && (
        <Body1 className={styles.text}>
          {t('meeting.online')}{' '}
          <Link href={meeting.link} target="_blank" rel="noopener noreferrer">
            {meeting.link}
          </Link>
        </Body1>
      )}
      {meeting.place !== null && <Body1 className={styles.text}>{`${t('meeting.inPerson')} ${meeting.place}`}</Body1>}
      {meeting.agenda.trim() !== '' && <Body1 className={styles.text}>{t('meeting.agenda', { agenda: meeting.agenda })}</Body1>}
      {meeting.note !== null && meeting.note.trim() !== '' && (
        <Body1 className={styles.text}>{t('meeting.note', { note: meeting.note })}</Body1>
      )}
    </>
  )
}

type Open = (dialog: MeetingDialog) => void

const TeamMeetings = ({
  email,
  team,
  zone,
  open,
}: {
  readonly email: string
  readonly team: Team
  readonly zone: string
  readonly open: Open
}) => {
  const styles = useStyles()
  const { t, i18n } = useMeetingTranslations()
  const language = languageOf(i18n)
  const [pick, pickState] = usePickSlotMutation()
  const [answer, answerState] = useAnswerTookPlaceMutation()
  const [done, setDone] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const zones = { mine: zone, partner: team.partnerTimeZone, partnerName: team.partnerName }
  const titleId = `meetings-${team.matchingTandemId}`
  const next = nextMeeting(team)
  const waiting = team.meetings.filter((m) => m.state === 'Proposed' || m.state === 'OtherTimesAsked')
  const asking = team.meetings.filter((m) => m.mayAnswerTookPlace)
  const busy = pickState.isLoading || answerState.isLoading

  const run = async (call: () => Promise<{ error?: unknown }>, doneKey: string) => {
    setDone(null)
    setFailure(null)
    const result = await call()
    if (result.error !== undefined) setFailure(t(errorMessageKey(result.error)))
    else setDone(t(doneKey, { name: team.partnerName }))
  }
  const slotLine = (slot: MeetingWire['slots'][number]) => {
    const text = slotText(t, slot, zones, language)
    return text.partner === null ? text.mine : `${text.mine} · ${text.partner}`
  }

  return (
    <Card className={styles.card} role="region" aria-labelledby={titleId}>
      <CardHeader
        header={
          <Subtitle2 as="h3" id={titleId}>
            {t('meeting.title', { name: team.partnerName })}
          </Subtitle2>
        }
      />
      {done !== null && (
        <LaterMessage intent="success" role="status">
          {done}
        </LaterMessage>
      )}
      {failure !== null && (
        <LaterMessage intent="error" role="alert">
          {failure}
        </LaterMessage>
      )}
      <section className={styles.block} aria-label={t('meeting.next')}>
        <Body1>
          <strong>{t('meeting.next')}</strong>
        </Body1>
        {next === undefined || next.slots[0] === undefined ? (
          <Body1>{t('meeting.none')}</Body1>
        ) : (
          <>
            <Body1>{slotLine(next.slots[0])}</Body1>
            <Where meeting={next} />
            <div className={styles.buttons}>
              <Button onClick={() => open({ kind: 'move', meeting: next, team })}>{t('meeting.move')}</Button>
              <Button onClick={() => open({ kind: 'cancel', meeting: next, team })}>{t('meeting.cancel')}</Button>
            </div>
          </>
        )}
      </section>
      {waiting.map((m) => (
        <section key={m.meetingId} className={styles.block} aria-label={t('meeting.open')}>
          <Body1>
            <strong>{t(`meeting.state.${m.state}`)}</strong>
            {' · '}
            {t(
              m.state === 'Proposed'
                ? m.proposedByMe
                  ? 'meeting.proposedByMe'
                  : 'meeting.proposedToMe'
                : m.proposedByMe
                  ? 'meeting.askedByPartner'
                  : 'meeting.askedByMe',
              { name: team.partnerName },
            )}
          </Body1>
          <ul className={styles.list}>
            {m.slots.map((s) => (
              <li key={s.start}>
                {m.mayAnswer ? (
                  <Button
                    appearance="primary"
                    disabled={busy}
                    onClick={() => void run(() => pick({ email, meetingId: m.meetingId, start: s.start }), 'meeting.done.picked')}
                  >
                    {t('meeting.pick', { slot: slotLine(s) })}
                  </Button>
                ) : (
                  <Body1>{slotLine(s)}</Body1>
                )}
              </li>
            ))}
          </ul>
          <Where meeting={m} />
          <div className={styles.buttons}>
            {m.mayAnswer && <Button onClick={() => open({ kind: 'ask', meeting: m, team })}>{t('meeting.askOther')}</Button>}
            {m.state === 'OtherTimesAsked' && m.proposedByMe && (
              <Button appearance="primary" onClick={() => open({ kind: 'move', meeting: m, team })}>
                {t('meeting.newTimes')}
              </Button>
            )}
            {m.state === 'Proposed' && m.proposedByMe && (
              <Button onClick={() => open({ kind: 'move', meeting: m, team })}>{t('meeting.move')}</Button>
            )}
            <Button onClick={() => open({ kind: 'cancel', meeting: m, team })}>{t('meeting.cancel')}</Button>
          </div>
        </section>
      ))}
      {asking.map((m) => (
        <section key={m.meetingId} className={styles.block} aria-label={t('meeting.tookPlace.question')}>
          <Body1>
            <strong>{t('meeting.tookPlace.question')}</strong>
            {m.slots[0] !== undefined && ` ${slotLine(m.slots[0])}`}
          </Body1>
          <div className={styles.buttons}>
            <Button
              appearance="primary"
              disabled={busy}
              onClick={() => void run(() => answer({ email, meetingId: m.meetingId, tookPlace: true }), 'meeting.done.answered')}
            >
              {t('meeting.tookPlace.yes')}
            </Button>
            <Button
              disabled={busy}
              onClick={() => void run(() => answer({ email, meetingId: m.meetingId, tookPlace: false }), 'meeting.done.answered')}
            >
              {t('meeting.tookPlace.no')}
            </Button>
          </div>
        </section>
      ))}
      <section className={styles.block} aria-label={t('meeting.sessions.title')}>
        <Body1>
          <strong>{t('meeting.sessions.title')}</strong>
          {' · '}
          {team.sessions.length === 0 ? t('meeting.sessions.none') : t('meeting.sessions.count', { count: team.sessions.length })}
        </Body1>
        {team.sessions.length > 0 && (
          <ul className={styles.list}>
            {[...team.sessions]
              .sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt))
              .map((s, i) => (
                <li key={`${s.startedAt}-${i}`} className={styles.text}>
                  {[
                    t('meeting.sessions.item', { day: formatDayIn(s.startedAt, zone, language), minutes: s.minutes }),
                    ...(s.fromMeeting ? [] : [t('meeting.sessions.byHand')]),
                    ...(s.note !== null && s.note.trim() !== '' ? [t('meeting.sessions.ownNote', { note: s.note })] : []),
                  ].join(' · ')}
                </li>
              ))}
          </ul>
        )}
      </section>
      <div className={styles.buttons}>
        <Button
          appearance={next === undefined && waiting.length === 0 ? 'primary' : 'secondary'}
          onClick={() => open({ kind: 'propose', team })}
        >
          {t('meeting.propose')}
        </Button>
        <Button onClick={() => open({ kind: 'log', team })}>{t('meeting.logSession')}</Button>
      </div>
    </Card>
  )
}

/** The cards of the caller's running teams; the dialog open, if any, over them. */
const MeetingsCards = ({ email, data }: { readonly email: string; readonly data: MyMeetingsWire }) => {
  const [dialog, setDialog] = useState<MeetingDialog | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const { t } = useMeetingTranslations()
  return (
    <>
      {done !== null && (
        <LaterMessage intent="success" role="status">
          {done}
        </LaterMessage>
      )}
      {data.teams.map((team) => (
        <TeamMeetings
          key={team.matchingTandemId}
          email={email}
          team={team}
          zone={data.timeZone}
          open={(d) => {
            setDone(null)
            setDialog(d)
          }}
        />
      ))}
      {dialog !== null && (
        <Suspense fallback={null}>
          <MeetingDialogs
            email={email}
            zone={data.timeZone}
            dialog={dialog}
            onClose={() => setDialog(null)}
            onDone={(key) => {
              setDialog(null)
              setDone(t(key, { name: dialog.team.partnerName }))
            }}
          />
        </Suspense>
      )}
    </>
  )
}

export default MeetingsCards
