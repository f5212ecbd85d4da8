// Catches render errors of a screen, reports them and shows the unexpected-error message instead
// of a blank page.
import { Component, type ReactNode } from 'react'
import { Translation } from 'react-i18next'
import { isChunkLoadFailure, reloadOnce } from '../../shell/chunk-reload.js'
import { LaterMessage } from '../../shared/LaterMessage.js'

type Props = { readonly children: ReactNode; readonly onError: (error: unknown) => void }
type State = { readonly failed: boolean }

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    // a lazy chunk of an older build: fetch the new one (once) rather than report a defect
    if (isChunkLoadFailure(error) && reloadOnce()) return
    this.props.onError(error)
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    return (
      <Translation>
        {(t) => (
          <LaterMessage intent="error" role="alert">
            {t('messages.unexpected-error')}
          </LaterMessage>
        )}
      </Translation>
    )
  }
}
