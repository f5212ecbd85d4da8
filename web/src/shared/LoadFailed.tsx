// What a screen shows when its data could not be loaded: the unexpected-error message (401 and 403
// are shown as error pages by the shell), or the network message when the server is unreachable.
import { MessageBar, MessageBarBody } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { apiErrorOf } from '../state/api.js'

export const LoadFailed = ({ error }: { readonly error: unknown }) => {
  const { t } = useTranslation()
  const status = apiErrorOf(error)?.status
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{t(status === 0 ? 'messages.network-error' : 'messages.unexpected-error')}</MessageBarBody>
    </MessageBar>
  )
}
