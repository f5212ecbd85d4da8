// A yes/no confirmation used before every admin change (docs/product.md#team-editing,
// docs/product.md#admin-forms: create, save, release, deactivate, delete, synchronize): Fluent's
// alert dialog (shared/ModalDialog.tsx).
import { Button } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { ModalDialog } from '../../shared/ModalDialog.js'

export const ConfirmDialog = ({
  open,
  text,
  onConfirm,
  onCancel,
  title,
}: {
  readonly open: boolean
  readonly text: string
  readonly title?: string
  readonly onConfirm: () => void
  readonly onCancel: () => void
}) => {
  const { t } = useTranslation()
  if (!open) return null
  return (
    <ModalDialog
      role="alertdialog"
      title={title ?? t('admin.confirm.title')}
      onCancel={onCancel}
      actions={
        <>
          <Button appearance="primary" onClick={onConfirm}>
            {t('admin.confirm.yes')}
          </Button>
          <Button onClick={onCancel}>{t('admin.confirm.no')}</Button>
        </>
      }
    >
      {text}
    </ModalDialog>
  )
}
