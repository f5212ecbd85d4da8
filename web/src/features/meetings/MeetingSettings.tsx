// The account page's meeting settings (docs/web.md#meetings): the person's time zone (the
// organisation's until they choose one; every meeting time is shown in it and read in it), and the
// secret address of their calendar feed, shown once when made; a new one cuts off the old.
import { useState } from 'react'
import { Body1, Button, Field, Input, MessageBar, MessageBarBody, Select, Subtitle2, makeStyles } from '@fluentui/react-components'
import { errorMessageKey } from '../../shell/error.messages.js'
import { useMeetingTranslations } from './meetings.i18n.js'
import { knownTimeZones } from './zoned.js'
import { useGetMyMeetingsQuery, useRenewCalendarFeedMutation, useSetTimeZoneMutation } from './meetings.api.js'

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '8px', alignItems: 'flex-start' },
  wide: { width: '100%', maxWidth: '560px' },
})

type Outcome = { readonly intent: 'success' | 'error'; readonly text: string } | null

const Bar = ({ outcome }: { readonly outcome: Outcome }) =>
  outcome === null ? null : (
    <MessageBar intent={outcome.intent} role={outcome.intent === 'error' ? 'alert' : 'status'} layout="multiline">
      <MessageBarBody>{outcome.text}</MessageBarBody>
    </MessageBar>
  )

const MeetingSettings = ({ email }: { readonly email: string }) => {
  const styles = useStyles()
  const { t } = useMeetingTranslations()
  const meetings = useGetMyMeetingsQuery({ email })
  const [setTimeZone, zoneState] = useSetTimeZoneMutation()
  const [renew, renewState] = useRenewCalendarFeedMutation()
  const [zone, setZone] = useState<string | undefined>(undefined)
  const [zoneOutcome, setZoneOutcome] = useState<Outcome>(null)
  const [feedOutcome, setFeedOutcome] = useState<Outcome>(null)
  const [address, setAddress] = useState<string | null>(null)
  const current = meetings.data?.timeZone
  const chosen = zone ?? current ?? ''

  const saveZone = async () => {
    setZoneOutcome(null)
    const result = await setTimeZone({ email, timeZone: chosen })
    setZoneOutcome(
      'error' in result
        ? { intent: 'error', text: t(errorMessageKey(result.error)) }
        : { intent: 'success', text: t('meeting.settings.zoneSaved') },
    )
  }
  const makeAddress = async () => {
    setFeedOutcome(null)
    const result = await renew({ email })
    if ('error' in result) return setFeedOutcome({ intent: 'error', text: t(errorMessageKey(result.error)) })
    setAddress(result.data.url)
    setFeedOutcome({ intent: 'success', text: t('meeting.settings.feedCreated') })
  }

  return (
    <section className={styles.section} aria-labelledby="meeting-settings">
      <Subtitle2 as="h2" id="meeting-settings">
        {t('meeting.settings.title')}
      </Subtitle2>
      <Bar outcome={zoneOutcome} />
      <Field className={styles.wide} label={t('meeting.settings.timeZone')} hint={t('meeting.settings.timeZoneHint')}>
        <Select value={chosen} disabled={current === undefined} onChange={(_, d) => setZone(d.value)}>
          {current !== undefined &&
            knownTimeZones(current).map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, ' ')}
              </option>
            ))}
        </Select>
      </Field>
      <Button disabledFocusable={current === undefined || zoneState.isLoading} onClick={() => void saveZone()}>
        {t('meeting.settings.saveZone')}
      </Button>
      <Subtitle2 as="h3">{t('meeting.settings.feedTitle')}</Subtitle2>
      <Body1>{t('meeting.settings.feedText')}</Body1>
      <Bar outcome={feedOutcome} />
      {address !== null && (
        <Field className={styles.wide} label={t('meeting.settings.feedAddress')}>
          <Input readOnly value={address} onFocus={(e) => e.currentTarget.select()} />
        </Field>
      )}
      <Button disabledFocusable={renewState.isLoading} onClick={() => void makeAddress()}>
        {t('meeting.settings.feedCreate')}
      </Button>
    </section>
  )
}

export default MeetingSettings
