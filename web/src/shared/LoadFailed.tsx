// What a screen shows when its data could not be loaded: the unexpected-error message (401 and 403
// are shown as error pages by the shell), or the network message when the server is unreachable.
import { useTranslation } from 'react-i18next'
import { apiErrorOf } from '../state/api.js'
import { LaterMessage } from './LaterMessage.js'

export const LoadFailed = ({ error }: { readonly error: unknown }) => {
  const { t } = useTranslation()
  const status = apiErrorOf(error)?.status
  return (
    <LaterMessage intent="error" role="alert">
      {t(status === 0 ? 'messages.network-error' : 'messages.unexpected-error')}
    </LaterMessage>
  )
}
