// The page of a check-in mail's link, /check-in?token=… (docs/mentorship.md#check-ins): no sign-in.
// Opening it only shows the question (mail scanners open links: the GET never answers); one click
// on a button answers it. A used, expired or unknown link and a question no longer open each say so
// in words.
import { Suspense, useState } from 'react'
import { Body1, MessageBar, MessageBarBody, Spinner, Title2, makeStyles } from '@fluentui/react-components'
import { useLocation } from 'react-router'
import { useCheckInTranslations } from '../../shared/checkins/checkins.i18n.js'
import type { CheckInAnswer } from '@tandem/core'
import { apiErrorOf } from '../../state/api.js'
import { ERROR_MESSAGE, errorMessageKey } from '../../shell/error.messages.js'
import { useAnswerCheckInByLinkMutation, useGetCheckInByLinkQuery } from '../../shared/api/checkins.api.js'
import { refusalText } from './checkins.refusal.js'
import { CheckInForm } from './CheckInForm.js'

const useStyles = makeStyles({ page: { display: 'flex', flexDirection: 'column', gap: '16px' } })

const Notice = ({ intent, text }: { readonly intent: 'success' | 'warning' | 'error'; readonly text: string }) => (
  <MessageBar intent={intent} role={intent === 'success' ? 'status' : 'alert'}>
    <MessageBarBody>{text}</MessageBarBody>
  </MessageBar>
)

const CheckInLinkPage = () => {
  const styles = useStyles()
  const { t } = useCheckInTranslations()
  // read from the location (not useSearchParams, which the first load does not otherwise need)
  const token = new URLSearchParams(useLocation().search).get('token') ?? ''
  const question = useGetCheckInByLinkQuery({ token })
  const [answerByLink, state] = useAnswerCheckInByLinkMutation()
  const [answered, setAnswered] = useState(false)
  const [gone, setGone] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const onAnswer = async (answer: CheckInAnswer) => {
    setFailure(null)
    const result = await answerByLink({ token, answer })
    if (!('error' in result)) return setAnswered(true)
    const code = apiErrorOf(result.error)?.errorCode ?? null
    // a used or expired link, or a question no longer open, replaces the form; other refusals stand beside it
    if (code === 'CheckInLinkUsed' || code === 'CheckInLinkExpired' || code === 'CheckInNotOpen') setGone(t(errorMessageKey(result.error)))
    else setFailure(refusalText(t, result.error))
  }

  const body = () => {
    if (answered) return <Notice intent="success" text={t('checkIn.thanks')} />
    if (gone !== null) return <Notice intent="warning" text={gone} />
    if (question.isError) {
      const status = apiErrorOf(question.error)?.status
      // a malformed token (400) is as unknown as one never given out (404)
      return (
        <Notice intent="error" text={status === 404 || status === 400 ? t('checkIn.link.unknown') : t(errorMessageKey(question.error))} />
      )
    }
    const data = question.data
    if (data === undefined) return <Spinner role="status" label={t('checkIn.link.loading')} />
    if (!data.open)
      return <Notice intent="warning" text={t(data.closedBecause === null ? 'checkIn.link.closed' : ERROR_MESSAGE[data.closedBecause])} />
    const kind = data.occasion.kind
    return (
      <>
        <Title2 as="h2">{t(`checkIn.${kind === 'Met' ? 'met' : kind === 'Pulse' ? 'pulse' : 'closing'}.title`)}</Title2>
        <Body1>{t(data.role === 'Mentee' ? 'checkIn.asMentee' : 'checkIn.asMentor')}</Body1>
        <Body1>{t('checkIn.link.intro')}</Body1>
        <CheckInForm
          occasion={data.occasion}
          role={data.role}
          busy={state.isLoading}
          failure={failure}
          onAnswer={(a) => void onAnswer(a)}
        />
      </>
    )
  }

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('checkIn.link.title')}</Title2>
      {/* the pulse's and the closing survey's form is a chunk of its own: the question shows with it */}
      <Suspense fallback={<Spinner role="status" label={t('checkIn.link.loading')} />}>{body()}</Suspense>
    </div>
  )
}

export default CheckInLinkPage
