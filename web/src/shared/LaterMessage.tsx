// Fluent's MessageBar for the screens of the first download (a load failure, the error boundary,
// the dashboard's rare notices): its code (~3 KiB brotli) is asked for only when a message shows,
// as the questionnaire's form is loaded after the first paint (decision 0024).
import { lazy, Suspense } from 'react'
import type { MessageProps } from './Message.js'

const Message = lazy(() => import('./Message.js'))

export const LaterMessage = (props: MessageProps) => (
  <Suspense fallback={null}>
    <Message {...props} />
  </Suspense>
)
