// The questionnaire page of one side (docs/product.md#participant-screens,
// docs/product.md#questionnaire-answers): heading and info bar at once, the form (QuestionnaireForm,
// its own chunk) below them once its code, the profile and the questions are in.
import { Suspense, lazy } from 'react'
import { MessageBar, MessageBarBody, Title2, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { Side } from '@tandem/core'
import { useMe } from '../../state/me.js'
import { useLanguage } from '../../shell/language.js'
import { Loading } from '../../shared/Loading.js'
import { useGetUserProfileQuery } from '../../shared/api/account.api.js'
import { useGetQuestionAnswerPairsQuery } from '../../shared/api/questionnaire.api.js'
import { LoadFailed } from '../../shared/LoadFailed.js'
import { useAfterFirstPaint } from '../../shared/useAfterFirstPaint.js'

// A failed load reaches the error boundary through `lazy` (which reloads once for a vanished chunk).
const QuestionnaireForm = lazy(() => import('./QuestionnaireForm.js'))

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '760px' },
  // the form fills far more than a screen: its place is held down to the screen's bottom edge
  pending: { minHeight: '100vh' },
})

/** The profile and the questions, once both are in; a spinner holds their place until then. */
const QuestionnaireData = ({ side }: { readonly side: Side }) => {
  const styles = useStyles()
  const pending = (
    <div className={styles.pending}>
      <Loading />
    </div>
  )
  const { me } = useMe()
  const { language } = useLanguage()
  const email = me?.email ?? ''
  const profile = useGetUserProfileQuery({ email, language, role: side }, { skip: me === undefined })
  const questionnaire = useGetQuestionAnswerPairsQuery({ emailId: email, role: side, language }, { skip: me === undefined })
  // the form's code (Fluent's Combobox, Switch, radios, the rules) is asked for once the heading and
  // introduction are painted: they wait neither for its ~55 KiB nor for its first render
  const framePainted = useAfterFirstPaint()
  if (profile.isError || questionnaire.isError) return <LoadFailed error={profile.error ?? questionnaire.error} />
  if (!framePainted || me === undefined || profile.data === undefined || questionnaire.data === undefined) return pending
  return (
    <Suspense fallback={pending}>
      <QuestionnaireForm
        // a language switch reloads the texts; the form starts again from what is saved
        key={`${side}-${language}`}
        me={me}
        side={side}
        profile={profile.data}
        questionnaire={questionnaire.data}
        currentYear={new Date().getFullYear()}
      />
    </Suspense>
  )
}

/**
 * The heading and the introduction are drawn at once, the form below them once the profile and
 * the questions are in: on a slow line the page shows what it is about before its data arrive, and
 * the form only adds below what is already in view, so nothing moves.
 */
const QuestionnairePage = ({ side }: { readonly side: Side }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <div className={styles.page}>
      <Title2 as="h1">{t(side === 'Mentee' ? 'questionnaire.titleMentee' : 'questionnaire.titleMentor')}</Title2>
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>{t(side === 'Mentee' ? 'questionnaire.infoMentee' : 'questionnaire.infoMentor')}</MessageBarBody>
      </MessageBar>
      <QuestionnaireData side={side} />
    </div>
  )
}
export default QuestionnairePage
