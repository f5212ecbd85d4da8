// "Pick another mentor" for one mentee of a draft: the mentors the server offers (pool, not knocked
// out, not declined), best first, each with that pair's score; the chosen pair's score is shown
// before saving. Mentors in another pair are listed but cannot be picked.
import { useState } from 'react'
import { Button, Field, MessageBar, MessageBarBody, Select } from '@fluentui/react-components'
import type { CohortPerson, CohortRunId, UserId } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import { ModalDialog } from '../../../shared/ModalDialog.js'
import { useAdminGetCohortMentorChoicesQuery } from './cohort.api.js'
import { personName } from './cohort.texts.js'

export const PickMentorDialog = ({
  runId,
  mentee,
  onPick,
  onClose,
}: {
  readonly runId: CohortRunId
  readonly mentee: CohortPerson
  readonly onPick: (mentorId: UserId) => void
  readonly onClose: () => void
}) => {
  const { t } = useTranslation()
  const query = useAdminGetCohortMentorChoicesQuery({ runId, menteeId: mentee.userId })
  const choices = query.data ?? []
  // an empty list says why (docs/admin.md#cohort-matching), not an empty select
  const none = query.data !== undefined && query.data.length === 0
  const [picked, setPicked] = useState<number | null>(null)
  const choice = choices.find((c) => c.userId === picked) ?? choices.find((c) => !c.taken)
  // Fluent's dialog (shared/ModalDialog.tsx)
  return (
    <ModalDialog
      title={t('admin.cohort.pick.title', { name: personName(mentee) })}
      described={false}
      onCancel={onClose}
      actions={
        <>
          <Button
            appearance="primary"
            disabled={choice === undefined || choice.taken}
            onClick={() => choice !== undefined && onPick(choice.userId)}
          >
            {t('admin.cohort.pick.use')}
          </Button>
          <Button onClick={onClose}>{t('admin.confirm.no')}</Button>
        </>
      }
    >
      {none && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{t('admin.cohort.pick.none')}</MessageBarBody>
        </MessageBar>
      )}
      <Field label={t('admin.cohort.pick.mentor')}>
        <Select value={choice === undefined ? '' : String(choice.userId)} onChange={(_e, d) => setPicked(Number(d.value))}>
          {choices.map((c) => (
            <option key={c.userId} value={c.userId} disabled={c.taken}>
              {t(c.taken ? 'admin.cohort.pick.optionTaken' : 'admin.cohort.pick.option', {
                name: personName(c),
                percentage: c.percentage,
              })}
            </option>
          ))}
        </Select>
      </Field>
      {choice !== undefined && (
        <p role="status">{t('admin.cohort.pick.score', { base: choice.base, max: choice.max, percentage: choice.percentage })}</p>
      )}
    </ModalDialog>
  )
}
