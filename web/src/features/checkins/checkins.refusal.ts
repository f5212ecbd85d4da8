// What a refused check-in answer says (docs/mentorship.md#check-ins): a rate limit names the real
// wait from the server's Retry-After (the answer stays in the form to be sent again); every other
// refusal its code's text.
import type { TFunction } from 'i18next'
import { apiErrorOf } from '../../state/api.js'
import { errorMessageKey } from '../../shell/error.messages.js'

export const refusalText = (t: TFunction, error: unknown): string => {
  const e = apiErrorOf(error)
  if (e?.errorCode === 'TooManyRequests' && e.retryAfterSeconds !== undefined)
    return t('checkIn.tooManyRequests', { count: Math.max(1, Math.ceil(e.retryAfterSeconds / 60)) })
  return t(errorMessageKey(error))
}
