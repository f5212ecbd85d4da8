// A yes/no confirmation used before every admin change (SPEC §4, §5: create, save, release,
// deactivate, delete, synchronize).
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useReturnFocus } from '../../shared/useReturnFocus.js'

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
  useReturnFocus(open)
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_e, data) => {
        if (!data.open) onCancel()
      }}
    >
      <DialogSurface aria-describedby="confirm-text">
        <DialogBody>
          <DialogTitle>{title ?? t('admin.confirm.title')}</DialogTitle>
          <DialogContent id="confirm-text">{text}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onConfirm}>
              {t('admin.confirm.yes')}
            </Button>
            <Button onClick={onCancel}>{t('admin.confirm.no')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
