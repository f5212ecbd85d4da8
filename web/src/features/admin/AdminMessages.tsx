// The admin message bar (docs/product.md#admin-screens): one message at a time, of kind error, warning or success, shown
// under the top bar of every admin page and announced to screen readers.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components'
import { DismissRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'

export type MessageKind = 'error' | 'warning' | 'success'
export type AdminMessage = { readonly kind: MessageKind; readonly text: string }

type Messages = {
  readonly message: AdminMessage | null
  readonly show: (kind: MessageKind, text: string) => void
  readonly clear: () => void
}

const MessagesContext = createContext<Messages>({ message: null, show: () => undefined, clear: () => undefined })

export const useAdminMessages = (): Messages => useContext(MessagesContext)

export const AdminMessagesProvider = ({ children }: { readonly children: ReactNode }) => {
  const [message, setMessage] = useState<AdminMessage | null>(null)
  const show = useCallback((kind: MessageKind, text: string) => setMessage({ kind, text }), [])
  const clear = useCallback(() => setMessage(null), [])
  const value = useMemo(() => ({ message, show, clear }), [message, show, clear])
  return <MessagesContext.Provider value={value}>{children}</MessagesContext.Provider>
}

export const AdminMessageBar = () => {
  const { message, clear } = useAdminMessages()
  const { t } = useTranslation()
  return (
    <div aria-live="polite" role={message?.kind === 'error' ? 'alert' : 'status'}>
      {message !== null && (
        <MessageBar intent={message.kind} data-testid="admin-message">
          <MessageBarBody>{message.text}</MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button appearance="transparent" aria-label={t('admin.messages.dismiss')} icon={<DismissRegular />} onClick={clear} />
            }
          />
        </MessageBar>
      )}
    </div>
  )
}
