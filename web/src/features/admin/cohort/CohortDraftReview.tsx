// The draft of a cohort run for review: totals beside first come, first served; the proposed pairs
// with their score and what they share (drop, pick another mentor); the mentees left without a
// pair and why (pick a mentor); Publish behind a confirmation; after it, the skipped pairs.
import { useState } from 'react'
import { Body1, Button, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components'
import type { CohortDraftView, CohortPerson, UserId } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../ConfirmDialog.js'
import { Pagination } from '../Pagination.js'
import { TableRegion } from '../TableRegion.js'
import type { DraftPages } from './cohort.api.js'
import { PickMentorDialog } from './PickMentorDialog.js'
import { percent, personName } from './cohort.texts.js'

type Props = {
  /** One page of each list, with the counts over the whole draft. */
  readonly draft: CohortDraftView
  readonly busy: boolean
  readonly onPage: (list: keyof DraftPages, page: number) => void
  readonly onEdit: (menteeId: UserId, mentorId: UserId | null) => void
  readonly onPublish: () => void
}

/** Which rows of how many a page shows ("26–50 of 4,000"), and the page buttons (keyboard: Tab, Enter). */
const Pages = ({ list, draft, onPage }: { readonly list: keyof DraftPages } & Pick<Props, 'draft' | 'onPage'>) => {
  const { t, i18n } = useTranslation()
  const page = draft.paging[`${list}Page`]
  const count = draft.counts[list]
  const from = Math.min(count, (page - 1) * draft.paging.pageSize + 1)
  const to = Math.min(count, page * draft.paging.pageSize)
  const number = (n: number) => n.toLocaleString(i18n.language)
  return (
    <>
      {count > 0 && (
        <Body1 as="p">{t(`admin.cohort.pages.${list}Range`, { from: number(from), to: number(to), count: number(count) })}</Body1>
      )}
      <Pagination
        rows={count}
        page={page}
        size={draft.paging.pageSize}
        label={t(`admin.cohort.pages.${list}`)}
        onPage={(p) => onPage(list, p)}
      />
    </>
  )
}

/**
 * The pairs' columns: Fluent's table gives every column the same width (a fixed layout), which
 * wrapped "What they share" to six lines and more per pair; the shared items get the most room.
 */
export const PAIR_COLUMNS = { mentee: '17%', mentor: '17%', score: '12%', shared: '36%', actions: '18%' } as const

export const CohortDraftReview = ({ draft, busy, onPage, onEdit, onPublish }: Props) => {
  const { t, i18n } = useTranslation()
  const [picking, setPicking] = useState<CohortPerson | null>(null)
  const [confirming, setConfirming] = useState(false)
  const editable = draft.state === 'Draft'
  const pct = (n: number) => percent(n, i18n.language)
  return (
    <section aria-labelledby="cohort-draft-title" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <h3 id="cohort-draft-title" style={{ margin: 0 }}>
        {t(editable ? 'admin.cohort.draft.title' : 'admin.cohort.draft.publishedTitle', { year: draft.programYear })}
      </h3>
      {!editable && draft.publishedBy !== null && <Body1 as="p">{t('admin.cohort.draft.publishedBy', { email: draft.publishedBy })}</Body1>}
      <TableRegion label={t('admin.cohort.totals.label')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('admin.cohort.totals.what')}</TableHeaderCell>
            <TableHeaderCell>{t('admin.cohort.totals.matched')}</TableHeaderCell>
            <TableHeaderCell>{t('admin.cohort.totals.mean')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>{t('admin.cohort.totals.draft')}</TableCell>
            <TableCell>{t('admin.cohort.totals.of', { matched: draft.totals.matched, mentees: draft.totals.mentees })}</TableCell>
            <TableCell>{pct(draft.totals.meanPercentage)} %</TableCell>
          </TableRow>
          <TableRow>
            <TableCell>{t('admin.cohort.totals.firstCome')}</TableCell>
            <TableCell>{t('admin.cohort.totals.of', { matched: draft.firstCome.matched, mentees: draft.firstCome.mentees })}</TableCell>
            <TableCell>{pct(draft.firstCome.meanPercentage)} %</TableCell>
          </TableRow>
        </TableBody>
      </TableRegion>

      <TableRegion label={t('admin.cohort.pairs.label')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: PAIR_COLUMNS.mentee }}>{t('admin.cohort.pairs.mentee')}</TableHeaderCell>
            <TableHeaderCell style={{ width: PAIR_COLUMNS.mentor }}>{t('admin.cohort.pairs.mentor')}</TableHeaderCell>
            <TableHeaderCell style={{ width: PAIR_COLUMNS.score }}>{t('admin.cohort.pairs.score')}</TableHeaderCell>
            <TableHeaderCell style={{ width: PAIR_COLUMNS.shared }}>{t('admin.cohort.pairs.shared')}</TableHeaderCell>
            <TableHeaderCell style={{ width: PAIR_COLUMNS.actions }}>{t('admin.cohort.pairs.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {draft.pairs.map((p) => (
            <TableRow key={p.mentee.userId}>
              <TableCell>{personName(p.mentee)}</TableCell>
              <TableCell>
                {personName(p.mentor)}
                {p.edited ? ` (${t('admin.cohort.pairs.edited')})` : ''}
              </TableCell>
              <TableCell>{t('admin.cohort.pairs.scoreText', { base: p.base, max: p.max, percentage: p.percentage })}</TableCell>
              <TableCell>
                <ul style={{ margin: 0, paddingLeft: 16 }}>
                  {p.shared.slice(0, 3).map((s) => (
                    <li key={s.en}>{i18n.language.startsWith('de') ? s.de : s.en}</li>
                  ))}
                </ul>
              </TableCell>
              <TableCell>
                {editable ? (
                  <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
                    <Button
                      size="small"
                      disabled={busy}
                      onClick={() => onEdit(p.mentee.userId, null)}
                      aria-label={t('admin.cohort.pairs.dropFor', { name: personName(p.mentee) })}
                    >
                      {t('admin.cohort.pairs.drop')}
                    </Button>
                    <Button
                      size="small"
                      disabled={busy}
                      onClick={() => setPicking(p.mentee)}
                      aria-label={t('admin.cohort.pairs.otherFor', { name: personName(p.mentee) })}
                    >
                      {t('admin.cohort.pairs.pick')}
                    </Button>
                  </div>
                ) : (
                  t(`admin.cohort.outcome.${p.outcome}`)
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </TableRegion>
      <Pages list="pairs" draft={draft} onPage={onPage} />

      <TableRegion label={t('admin.cohort.unmatched.label')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('admin.cohort.pairs.mentee')}</TableHeaderCell>
            <TableHeaderCell>{t('admin.cohort.unmatched.reason')}</TableHeaderCell>
            <TableHeaderCell>{t('admin.cohort.pairs.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {draft.unmatched.map((u) => (
            <TableRow key={u.mentee.userId}>
              <TableCell>{personName(u.mentee)}</TableCell>
              <TableCell>{t(`admin.cohort.reason.${u.reason}`)}</TableCell>
              <TableCell>
                {editable && (
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() => setPicking(u.mentee)}
                    aria-label={t('admin.cohort.pairs.pickFor', { name: personName(u.mentee) })}
                  >
                    {t('admin.cohort.unmatched.pick')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </TableRegion>
      <Pages list="unmatched" draft={draft} onPage={onPage} />

      {draft.counts.skipped > 0 && (
        <>
          <TableRegion label={t('admin.cohort.skipped.label')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('admin.cohort.pairs.mentee')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.cohort.pairs.mentor')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.cohort.unmatched.reason')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {draft.skipped.map((s) => (
                <TableRow key={s.mentee.userId}>
                  <TableCell>{personName(s.mentee)}</TableCell>
                  <TableCell>{personName(s.mentor)}</TableCell>
                  <TableCell>{t(`admin.cohort.skipped.${s.reason}`)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </TableRegion>
          <Pages list="skipped" draft={draft} onPage={onPage} />
        </>
      )}

      {editable && (
        <div>
          <Button appearance="primary" disabled={busy || draft.counts.pairs === 0} onClick={() => setConfirming(true)}>
            {t('admin.cohort.publish.button')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        text={t('admin.cohort.publish.confirm', { count: draft.counts.pairs, year: draft.programYear })}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          onPublish()
        }}
      />
      {picking !== null && (
        <PickMentorDialog
          runId={draft.runId}
          mentee={picking}
          onClose={() => setPicking(null)}
          onPick={(mentorId) => {
            onEdit(picking.userId, mentorId)
            setPicking(null)
          }}
        />
      )}
    </section>
  )
}
