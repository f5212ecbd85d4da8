// The accept and decline dialogs, and the timer-expired dialog shown when the server says the
// tandem is already closed. Declining needs a reason of the user's side; the comment is optional.
import { useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Textarea,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { DeclineReasonItem, ParticipantProposal } from '@tandem/core'
import { DECLINE_COMMENT_MAX, validateDeclineInput } from './decline.validation.js'
import { validation } from '../../shared/field.js'

export const AcceptDialog = ({
  proposal,
  busy,
  onConfirm,
  onClose,
}: {
  readonly proposal: ParticipantProposal
  readonly busy: boolean
  readonly onConfirm: () => void
  readonly onClose: () => void
}) => {
  const { t } = useTranslation()
  return (
    <Dialog
      open
      modalType="modal"
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('dashboard.acceptTitle')}</DialogTitle>
          <DialogContent>{t('dashboard.acceptText', { name: `${proposal.firstName} ${proposal.lastName}` })}</DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={onConfirm}>
              {t('dashboard.accept')}
            </Button>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
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
    <Dialog
      open
      modalType="modal"
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('dashboard.declineTitle', { name: `${proposal.firstName} ${proposal.lastName}` })}</DialogTitle>
          <DialogContent>
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
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={confirm}>
              {t('dashboard.decline')}
            </Button>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** A notice dialog without an action button (SPEC §8 'timer expired, refresh'); Escape closes it. */
export const NoticeDialog = ({ title, text, onClose }: { readonly title: string; readonly text: string; readonly onClose: () => void }) => (
  <Dialog
    open
    modalType="alert"
    onOpenChange={(_, d) => {
      if (!d.open) onClose()
    }}
  >
    <DialogSurface aria-describedby="notice-text">
      <DialogBody>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent id="notice-text">{text}</DialogContent>
      </DialogBody>
    </DialogSurface>
  </Dialog>
)
