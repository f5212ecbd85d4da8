// Ending a MATCHED team (docs/web.md): the reason from the core's list (radio buttons), a text for
// "other", "do not pair us again", and for a mentor (or an administrator on the mentor's behalf)
// "pause matching". Checked with the core's validateEndRequest, the rule the server applies too.
// A warning says what follows (the partner is told, no way back, the mentee may wait for a new
// mentor) and the confirming button is drawn in the danger colour: ending is a weighty step.
import { useState } from 'react'
import {
  Button,
  Checkbox,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Textarea,
  tokens,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { END_OTHER_TEXT_MAX, END_REASONS, validateEndRequest, type EndReasonId, type FieldError } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import { errorOf, messageOf, validation } from './field.js'
import { ModalDialog } from './ModalDialog.js'
import { useLanguage } from '../shell/language.js'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  danger: {
    backgroundColor: tokens.colorStatusDangerBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorStatusDangerBackground3Hover, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorStatusDangerBackground3Pressed, color: tokens.colorNeutralForegroundOnBrand },
  },
})

export type EndMentorshipInput = {
  readonly reasonId: EndReasonId
  readonly otherText: string | null
  readonly doNotPairAgain: boolean
  readonly pauseMentor: boolean
}

export const EndMentorshipDialog = ({
  title,
  who,
  busy,
  onConfirm,
  onClose,
}: {
  readonly title: string
  /** Who ends it: a mentee, a mentor (may pause their own matching) or an administrator (may pause the mentor's). */
  readonly who: 'Mentee' | 'Mentor' | 'Admin'
  readonly busy: boolean
  readonly onConfirm: (input: EndMentorshipInput) => void
  readonly onClose: () => void
}) => {
  const { t } = useTranslation()
  const { language } = useLanguage()
  const styles = useStyles()
  const [reasonId, setReasonId] = useState('')
  const [otherText, setOtherText] = useState('')
  const [doNotPairAgain, setDoNotPairAgain] = useState(false)
  const [pauseMentor, setPauseMentor] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const checked = validateEndRequest({ reasonId, otherText: reasonId === 'other' ? otherText : null, doNotPairAgain })
  const errors: readonly FieldError[] = isLeft(checked) && checked.left._tag === 'ValidationFailed' ? checked.left.errors : []
  const reasonError = submitted && errorOf(errors, 'reasonId') !== undefined ? t('ending.reasonRequired') : undefined
  const textError = errorOf(errors, 'otherText')
  const shownTextError = textError?.key === 'requiredFieldError' && !submitted ? undefined : messageOf(t, textError)
  const confirm = () => {
    setSubmitted(true)
    if (isLeft(checked)) return
    onConfirm({ ...checked.right, pauseMentor: who !== 'Mentee' && pauseMentor })
  }
  return (
    <ModalDialog
      title={title}
      described={false}
      onCancel={onClose}
      actions={
        <>
          <Button appearance="primary" className={styles.danger} disabledFocusable={busy} onClick={confirm}>
            {t('ending.confirm')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </>
      }
    >
      <div className={styles.form}>
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{t(`ending.whatFollows.${who}`)}</MessageBarBody>
        </MessageBar>
        <Field label={t(who === 'Admin' ? 'ending.adminReason' : 'ending.reason')} required {...validation(reasonError)}>
          <RadioGroup value={reasonId} onChange={(_, d) => setReasonId(d.value)}>
            {END_REASONS.map((r) => (
              <Radio key={r.id} value={r.id} label={(who === 'Admin' ? r.reported : r.label)[language]} />
            ))}
          </RadioGroup>
        </Field>
        {reasonId === 'other' && (
          <Field
            label={t('ending.otherText')}
            required
            hint={t('common.charactersLeft', { count: END_OTHER_TEXT_MAX - [...otherText.trim()].length })}
            {...validation(shownTextError)}
          >
            <Textarea value={otherText} onChange={(_, d) => setOtherText(d.value)} resize="vertical" />
          </Field>
        )}
        <Checkbox
          checked={doNotPairAgain}
          onChange={(_, d) => setDoNotPairAgain(d.checked === true)}
          label={t(who === 'Admin' ? 'ending.adminDoNotPairAgain' : 'ending.doNotPairAgain')}
        />
        {who !== 'Mentee' && (
          <Checkbox
            checked={pauseMentor}
            onChange={(_, d) => setPauseMentor(d.checked === true)}
            label={t(who === 'Admin' ? 'ending.adminPauseMentor' : 'ending.pauseMine')}
          />
        )}
      </div>
    </ModalDialog>
  )
}
