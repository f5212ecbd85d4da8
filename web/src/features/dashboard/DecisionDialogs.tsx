// The accept and decline dialogs (the notices are shared/NoticeDialog.tsx). Declining needs a
// reason of the user's side; the comment is optional. Both are Fluent's dialog (ModalDialog):
// the focus goes back to the Accept or Decline button that opened it.
import { useState } from 'react'
import { Button, Dropdown, Field, makeStyles, MessageBar, MessageBarBody, Option, Textarea } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { DeclineReasonItem, ParticipantProposal } from '@tandem/core'
import { DECLINE_COMMENT_MAX, validateDeclineInput } from './decline.validation.js'
import { validation } from '../../shared/field.js'
import { ModalDialog } from '../../shared/ModalDialog.js'

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: '12px' } })

export const AcceptDialog = ({
  proposal,
  places,
  busy,
  onConfirm,
  onClose,
}: {
  readonly proposal: ParticipantProposal
  /** A mentor's places now (dashboard.logic's placesOf): the dialog says what accepting makes of them. */
  readonly places?: { readonly matched: number; readonly taken: number; readonly count: number } | undefined
  readonly busy: boolean
  readonly onConfirm: () => void
  readonly onClose: () => void
}) => {
  const { t } = useTranslation()
  const name = `${proposal.firstName} ${proposal.lastName}`
  // a mentee's other proposals close; a mentor's reserved place becomes a mentorship, the others stay
  const text =
    places === undefined
      ? t('dashboard.acceptText', { name })
      : t('dashboard.acceptTextMentor', { name, matched: places.matched + 1, taken: places.taken, count: places.count })
  return (
    <ModalDialog
      title={t('dashboard.acceptTitle')}
      onCancel={onClose}
      actions={
        <>
          <Button appearance="primary" disabledFocusable={busy} onClick={onConfirm}>
            {t('dashboard.accept')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </>
      }
    >
      {text}
    </ModalDialog>
  )
}

export type DeclineInput = { readonly reason: DeclineReasonItem; readonly comment: string }

export const DeclineDialog = ({
  proposal,
  reasons,
  busy,
  onConfirm,
  onClose,
}: {
  readonly proposal: ParticipantProposal
  readonly reasons: readonly DeclineReasonItem[]
  readonly busy: boolean
  readonly onConfirm: (input: DeclineInput) => void
  readonly onClose: () => void
}) => {
  const { t } = useTranslation()
  const styles = useStyles()
  const [reasonId, setReasonId] = useState<number | null>(null)
  const [comment, setComment] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const errors = validateDeclineInput({ declineReasonId: reasonId, comment }, reasons)
  const reasonError = submitted ? errors.find((e) => e.field === 'declineReasonId') : undefined
  const commentError = errors.find((e) => e.field === 'comment')
  const confirm = () => {
    setSubmitted(true)
    const reason = reasons.find((r) => r.id === reasonId)
    if (errors.length === 0 && reason !== undefined) onConfirm({ reason, comment })
  }
  return (
    <ModalDialog
      title={t('dashboard.declineTitle', { name: `${proposal.firstName} ${proposal.lastName}` })}
      described={false}
      onCancel={onClose}
      actions={
        <>
          <Button appearance="primary" disabledFocusable={busy} onClick={confirm}>
            {t('dashboard.decline')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </>
      }
    >
      <div className={styles.form}>
        {reasonError !== undefined && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{t('messages.decline-reason-mandatory')}</MessageBarBody>
          </MessageBar>
        )}
        <Field
          label={t('dashboard.declineReason')}
          required
          {...validation(reasonError ? t('messages.decline-reason-mandatory') : undefined)}
        >
          <Dropdown
            // the list opens inside the dialog, inside its focus trap
            inlinePopup
            // Fluent's placeholder grey fails the contrast rule; the label says what to choose
            aria-description={t('dashboard.declineReasonPlaceholder')}
            selectedOptions={reasonId === null ? [] : [String(reasonId)]}
            value={reasons.find((r) => r.id === reasonId)?.declineReasonText ?? ''}
            onOptionSelect={(_, d) => setReasonId(d.optionValue === undefined ? null : Number(d.optionValue))}
          >
            {reasons.map((r) => (
              <Option key={r.id} value={String(r.id)}>
                {r.declineReasonText}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field
          label={t('dashboard.declineComment')}
          hint={t('common.charactersLeft', { count: DECLINE_COMMENT_MAX - comment.length })}
          {...validation(
            commentError ? t('messages.max-characters-exceeded-error', { count: comment.length, max: DECLINE_COMMENT_MAX }) : undefined,
          )}
        >
          <Textarea value={comment} onChange={(_, d) => setComment(d.value)} resize="vertical" />
        </Field>
      </div>
    </ModalDialog>
  )
}
