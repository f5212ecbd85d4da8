// The page of the waitlist mail's stop link, /waitlist/stop?token=… (docs/matching.md#waitlist,
// decision 0031): no sign-in. Opening it only reads the link (mail scanners open links: the GET turns
// nothing off); one click on the button turns the waitlist off, and the page says how to turn it on
// again. A used, expired or unknown link says so in words.
import { useState } from 'react'
import { Body1, Button, Link, MessageBar, MessageBarBody, Spinner, Title2, makeStyles } from '@fluentui/react-components'
import { useLocation } from 'react-router'
import { apiErrorOf } from '../../state/api.js'
import { ERROR_MESSAGE, errorMessageKey } from '../../shell/error.messages.js'
import { useGetWaitlistStopByLinkQuery, useStopWaitlistByLinkMutation } from './waitlist.api.js'
import { useWaitlistStopTranslations } from './waitlist.i18n.js'

const useStyles = makeStyles({ page: { display: 'flex', flexDirection: 'column', gap: '16px', alignItems: 'flex-start' } })

const Notice = ({ intent, text }: { readonly intent: 'success' | 'warning' | 'error'; readonly text: string }) => (
  <MessageBar intent={intent} role={intent === 'success' ? 'status' : 'alert'}>
    <MessageBarBody>{text}</MessageBarBody>
  </MessageBar>
)

const WaitlistStopPage = () => {
  const styles = useStyles()
  const { t } = useWaitlistStopTranslations()
  // read from the location (not useSearchParams, which the first load does not otherwise need)
  const token = new URLSearchParams(useLocation().search).get('token') ?? ''
  const link = useGetWaitlistStopByLinkQuery({ token })
  const [stop, state] = useStopWaitlistByLinkMutation()
  const [stopped, setStopped] = useState(false)
  const [gone, setGone] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const onStop = async () => {
    setFailure(null)
    const result = await stop({ token })
    if (!('error' in result)) return setStopped(true)
    const code = apiErrorOf(result.error)?.errorCode ?? null
    // a link used or expired meanwhile replaces the button; other refusals (too many requests) stand beside it
    if (code === 'WaitlistLinkUsed' || code === 'WaitlistLinkExpired') setGone(t(errorMessageKey(result.error)))
    else setFailure(t(errorMessageKey(result.error)))
  }

  const toDashboard = <Link href="/#waitlist">{t('waitlistStop.dashboard')}</Link>

  const body = () => {
    if (stopped)
      return (
        <>
          <Notice intent="success" text={t('waitlistStop.done')} />
          <Body1>{t('waitlistStop.again')}</Body1>
          {toDashboard}
        </>
      )
    if (gone !== null) return <Notice intent="warning" text={gone} />
    if (link.isError) {
      const status = apiErrorOf(link.error)?.status
      // a malformed token (400) is as unknown as one never given out (404)
      return <Notice intent="error" text={status === 404 || status === 400 ? t('waitlistStop.unknown') : t(errorMessageKey(link.error))} />
    }
    const data = link.data
    if (data === undefined) return <Spinner role="status" label={t('waitlistStop.loading')} />
    if (data.closedBecause !== null)
      return (
        <>
          <Notice intent="warning" text={t(ERROR_MESSAGE[data.closedBecause])} />
          {toDashboard}
        </>
      )
    return (
      <>
        <Body1>{t('waitlistStop.intro')}</Body1>
        {failure === null ? null : <Notice intent="error" text={failure} />}
        <Button appearance="primary" disabled={state.isLoading} onClick={() => void onStop()}>
          {t('waitlistStop.stop')}
        </Button>
      </>
    )
  }

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('waitlistStop.title')}</Title2>
      {body()}
    </div>
  )
}

export default WaitlistStopPage
