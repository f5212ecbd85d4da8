// Fluent's MessageBar with its body: the chunk `LaterMessage` loads when a message is to be shown.
import type { ReactNode } from 'react'
import { MessageBar, MessageBarBody } from '@fluentui/react-components'

export type MessageProps = {
  readonly intent: 'error' | 'info' | 'success' | 'warning'
  /** `alert` for a failure the person should hear at once. */
  readonly role?: 'alert' | 'status'
  readonly children: ReactNode
}

const Message = ({ intent, role, children }: MessageProps) => (
  <MessageBar intent={intent} {...(role === undefined ? {} : { role })}>
    <MessageBarBody>{children}</MessageBarBody>
  </MessageBar>
)
export default Message
