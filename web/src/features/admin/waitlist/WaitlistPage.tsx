// /administrator/waitlist (docs/admin.md#waitlist): how many mentees wait for a mentor, for how
// long, and which of their answers no available mentor offers (whom to recruit). Small groups read
// "fewer than 5", as in the statistics; the server decides what may be shown.
import { useState } from 'react'
import { Body1, Spinner, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components'
import { languageOf } from '../../../i18n/i18n.js'
import { formatDate } from '../../../shared/dates.js'
import { errorText, useAdminTranslations } from '../admin.i18n.js'
import { FigureList, shownText, type Shown } from '../FigureList.js'
import { ProgramYearPicker } from '../ProgramYearPicker.js'
import { TableRegion } from '../TableRegion.js'
import { useAdminGetWaitlistOverviewQuery } from './waitlist.api.js'

const WaitlistPage = () => {
  const { t, i18n } = useAdminTranslations()
  const language = languageOf(i18n)
  const locale = language === 'de' ? 'de-DE' : 'en-GB'
  const [clusterId, setClusterId] = useState<number | null>(null)
  const overview = useAdminGetWaitlistOverviewQuery({ clusterId, language })
  const text = (shown: Shown): string => shownText(t, locale, shown)
  const view = overview.data

  return (
    <section aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">{t('admin.waitlist.title')}</h2>
      <p>{t('admin.waitlist.intro')}</p>
      <ProgramYearPicker value={clusterId} onChange={setClusterId} />
      <p>{t('admin.statistics.smallGroups')}</p>
      {overview.isFetching && <Spinner label={t('admin.waitlist.loading')} />}
      {overview.isError && <p role="alert">{errorText(t, overview.error)}</p>}
      {view !== undefined && (
        <>
          <FigureList
            label={t('admin.waitlist.figures')}
            figures={[
              [t('admin.waitlist.waiting'), text(view.waiting)],
              [t('admin.waitlist.medianDays'), text(view.medianDaysWaiting)],
              [t('admin.waitlist.availableMentors'), text(view.availableMentors)],
            ]}
          />
          <h3>{t('admin.waitlist.who')}</h3>
          {view.mentees.length === 0 ? (
            <Body1>{t('admin.waitlist.nobody')}</Body1>
          ) : (
            <>
              <p>{t('admin.waitlist.whoIntro')}</p>
              <TableRegion label={t('admin.waitlist.who')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('admin.waitlist.name')}</TableHeaderCell>
                    <TableHeaderCell>{t('admin.waitlist.email')}</TableHeaderCell>
                    <TableHeaderCell>{t('admin.waitlist.since')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {view.mentees.map((m) => (
                    <TableRow key={m.userId}>
                      <TableCell>{`${m.firstName} ${m.lastName}`.trim()}</TableCell>
                      <TableCell>{m.email}</TableCell>
                      <TableCell>{formatDate(m.waitingSince, language)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </TableRegion>
            </>
          )}
          <h3>{t('admin.waitlist.byWaitingTime')}</h3>
          {view.byWaitingTime === null ? (
            <Body1>{t('admin.waitlist.bucketsHidden')}</Body1>
          ) : (
            <TableRegion label={t('admin.waitlist.byWaitingTime')}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('admin.waitlist.waitingFor')}</TableHeaderCell>
                  <TableHeaderCell>{t('admin.waitlist.mentees')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {view.byWaitingTime.map((b) => (
                  <TableRow key={b.fromDays}>
                    <TableCell>{t(`admin.waitlist.buckets.${b.fromDays}`)}</TableCell>
                    <TableCell>{text(b.count)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </TableRegion>
          )}
          <h3>{t('admin.waitlist.gaps')}</h3>
          <p>{t('admin.waitlist.gapsIntro')}</p>
          {view.supplyGaps.length === 0 ? (
            <Body1>{t('admin.waitlist.noGaps')}</Body1>
          ) : (
            <TableRegion label={t('admin.waitlist.gaps')}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('admin.waitlist.question')}</TableHeaderCell>
                  <TableHeaderCell>{t('admin.waitlist.answer')}</TableHeaderCell>
                  <TableHeaderCell>{t('admin.waitlist.mentees')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {view.supplyGaps.map((g) => (
                  <TableRow key={`${g.questionPairId}-${g.optionId}`}>
                    <TableCell>
                      {g.question}
                      {g.mustFit ? ` (${t('admin.waitlist.mustFit')})` : ''}
                    </TableCell>
                    <TableCell>{g.option}</TableCell>
                    <TableCell>{g.mentees.toLocaleString(locale)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </TableRegion>
          )}
        </>
      )}
    </section>
  )
}
export default WaitlistPage
