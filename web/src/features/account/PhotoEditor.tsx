// The profile photo with edit and remove buttons. A chosen file is checked (type, 5 MB) with the
// core's photo rule before it can be uploaded; removing falls back to the default icon.
import { useEffect, useId, useMemo, useRef } from 'react'
import { Avatar, Button, Caption1, Field, makeStyles } from '@fluentui/react-components'
import { DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { validatePhoto } from '@tandem/core'
import { validation } from '../../shared/field.js'
import { useAuthorizedImage } from '../../shared/authorized-image.js'

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: '8px' },
  hidden: { display: 'none' },
})

export type PhotoState = { readonly file: File | null; readonly removed: boolean; readonly invalid: boolean }

export const PhotoEditor = ({
  name,
  current,
  state,
  onChange,
}: {
  readonly name: string
  readonly current: string | null
  readonly state: PhotoState
  readonly onChange: (state: PhotoState) => void
}) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const preview = useMemo(() => (state.file === null ? null : URL.createObjectURL(state.file)), [state.file])
  useEffect(
    () => () => {
      if (preview !== null) URL.revokeObjectURL(preview)
    },
    [preview],
  )
  const stored = useAuthorizedImage(current)
  const shown = state.removed ? null : (preview ?? stored)
  return (
    <Field
      label={t('account.photo')}
      hint={t('account.photoCriteria')}
      {...validation(state.invalid ? t('messages.invalid-profile-image') : undefined)}
    >
      <div className={styles.row}>
        <Avatar size={72} name={name} image={shown === null ? null : { src: shown, alt: '' }} />
        <label htmlFor={inputId} className={styles.hidden}>
          {t('account.editPhoto')}
        </label>
        <input
          id={inputId}
          ref={input}
          className={styles.hidden}
          type="file"
          accept="image/png,image/jpeg,image/gif"
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file === undefined) return
            const invalid = validatePhoto({ mimeType: file.type, sizeBytes: file.size }).length > 0
            onChange(invalid ? { file: null, removed: state.removed, invalid: true } : { file, removed: false, invalid: false })
            e.target.value = ''
          }}
        />
        <Button icon={<EditRegular />} aria-label={t('account.editPhoto')} onClick={() => input.current?.click()} />
        <Button
          icon={<DeleteRegular />}
          aria-label={t('account.removePhoto')}
          onClick={() => onChange({ file: null, removed: true, invalid: false })}
        />
        {state.file !== null && <Caption1>{state.file.name}</Caption1>}
      </div>
    </Field>
  )
}
