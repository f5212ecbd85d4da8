// /administrator/learning, "What the outcomes say" (docs/learning.md): per question of the published
// questionnaire, how often the teams who shared an answer turned out good against the others, the
// model's effect with its interval, and the suggested weight beside today's; below 200 finished teams
// only that there is not enough to learn from. "Try in a draft" saves the suggestion into the
// questionnaire draft and opens the editor, where the impact preview shows what would change.
import { useState } from 'react'
import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
} from '@fluentui/react-components'
import type { TFunction } from 'i18next'
import { clusterIdOf, type LearningQuestionView } from '@tandem/core'
import { useNavigate } from 'react-router'
import { languageOf } from '../../../i18n/i18n.js'
import { errorText, useAdminTranslations } from '../admin.i18n.js'
import { useAdminGetQuestionnaireDraftQuery } from '../admin.api.js'
import { FigureList, shownText, type Shown } from '../FigureList.js'
import { ProgramYearPicker } from '../ProgramYearPicker.js'
import { TableRegion } from '../TableRegion.js'
import { useAdminGetLearningReportQuery, useAdminTryLearningInDraftMutation } from './learning.api.js'

const useStyles = makeStyles({
  actions: { display: 'flex', gap: '8px', alignItems: 'center', margin: '12px 0' },
})

/** The question's findings in plain words: the shares of good teams, then what the model says. */
const sharesText = (t: TFunction, q: LearningQuestionView, percent: (n: number) => string): string =>
  q.agreed.goodShare._tag === 'Value' && q.others.goodShare._tag === 'Value'
    ? t('admin.learning.shares', { agreed: percent(q.agreed.goodShare.value), others: percent(q.others.goodShare.value) })
    : t('admin.learning.sharesHidden', { limit: 5 })

const effectText = (t: TFunction, q: LearningQuestionView, ratio: (n: number) => string): string => {
  if (q.effect === null) return t('admin.learning.effectNone')
  const low = ratio(Math.exp(q.effect.low))
  const high = ratio(Math.exp(q.effect.high))
  if (q.effect.low > 0) return t('admin.learning.effectPositive', { low, high })
  if (q.effect.high < 0) return t('admin.learning.effectNegative', { low, high })
  return t('admin.learning.effectUnclear', { low, high })
}

const LearningPage = () => {
  const { t, i18n } = useAdminTranslations()
  const styles = useStyles()
  const navigate = useNavigate()
  const language = languageOf(i18n)
  const locale = language === 'de' ? 'de-DE' : 'en-GB'
  const [clusterId, setClusterId] = useState<number | null>(null)
  const report = useAdminGetLearningReportQuery({ clusterId })
  const draft = useAdminGetQuestionnaireDraftQuery(undefined, { refetchOnMountOrArgChange: true })
  const [tryInDraft, trying] = useAdminTryLearningInDraftMutation()
  const [failure, setFailure] = useState<string | null>(null)
  const count = (shown: Shown): string => shownText(t, locale, shown)
  const percent = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 0 })
  const ratio = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 })
  const view = report.data
  const changes = view?.questions.filter((q) => q.change !== 'Keep').length ?? 0

  const tryIt = async () => {
    if (draft.data === undefined) return
    setFailure(null)
    const reply = await tryInDraft({ clusterId: clusterId === null ? null : clusterIdOf(clusterId), revision: draft.data.revision })
    if (reply.error !== undefined) return setFailure(errorText(t, reply.error))
    void navigate('/administrator/questionnaire')
  }

  return (
    <section aria-labelledby="learning-title">
      <h2 id="learning-title">{t('admin.learning.title')}</h2>
      <p>{t('admin.learning.intro')}</p>
      <ProgramYearPicker value={clusterId} onChange={setClusterId} />
      {report.isFetching && <Spinner label={t('admin.learning.loading')} />}
      {report.isError && <p role="alert">{errorText(t, report.error)}</p>}
      {view !== undefined && view.state === 'NotEnough' && (
        <MessageBar intent="info">
          <MessageBarBody>
            {t('admin.learning.notEnough', { finished: count(view.finishedTeams), needed: view.needed.toLocaleString(locale) })}
          </MessageBarBody>
        </MessageBar>
      )}
      {view !== undefined && view.state === 'Learned' && (
        <>
          <FigureList
            label={t('admin.learning.figures')}
            figures={[
              [t('admin.learning.finished'), count(view.finishedTeams)],
              [
                t('admin.learning.good'),
                view.goodShare._tag === 'Value' ? `${percent(view.goodShare.value)} %` : t('admin.statistics.hidden', { limit: 5 }),
              ],
              [t('admin.learning.tooYoung'), count(view.tooYoung)],
            ]}
          />
          <p>{t('admin.learning.definition')}</p>
          <TableRegion label={t('admin.learning.table')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('admin.learning.question')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.learning.says')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.learning.currentWeight')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.learning.suggestedWeight')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.learning.teams')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {view.questions.map((q) => (
                <TableRow key={q.questionPairId}>
                  <TableCell>
                    {q.text[language]}
                    {q.mustFit ? ` (${t('admin.learning.mustFit')})` : ''}
                  </TableCell>
                  <TableCell>{`${sharesText(t, q, percent)} ${effectText(t, q, ratio)}`}</TableCell>
                  <TableCell>{q.currentWeight.toLocaleString(locale)}</TableCell>
                  <TableCell>{`${q.suggestedWeight.toLocaleString(locale)} (${t(`admin.learning.change.${q.change}`)})`}</TableCell>
                  <TableCell>{count(q.teams)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </TableRegion>
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={changes === 0 || draft.data === undefined || trying.isLoading}
              onClick={() => void tryIt()}
            >
              {t('admin.learning.tryInDraft')}
            </Button>
            <Body1>{changes === 0 ? t('admin.learning.nothingToTry') : t('admin.learning.tryHint')}</Body1>
          </div>
          {failure !== null && <p role="alert">{failure}</p>}
        </>
      )}
      <h3>{t('admin.learning.limitsTitle')}</h3>
      <p>{t('admin.learning.limits')}</p>
    </section>
  )
}
export default LearningPage
