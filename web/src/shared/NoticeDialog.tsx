// A notice dialog without an action button (docs/product.md#errors 'timer expired, refresh', 'matching already
// running'); Escape closes it. Fluent's alert dialog, like every confirmation of the app.
import { ModalDialog } from './ModalDialog.js'

export const NoticeDialog = ({ title, text, onClose }: { readonly title: string; readonly text: string; readonly onClose: () => void }) => (
  <ModalDialog role="alertdialog" title={title} onCancel={onClose}>
    {text}
  </ModalDialog>
)
