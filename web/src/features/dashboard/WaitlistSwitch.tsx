// The waitlist's switch on the no-match panel (docs/matching.md#waitlist): "tell me when a mentor is
// found", on by default. A lazy chunk with its own calls. The mail's stop page (features/waitlist)
// points here to turn it on again; one click turns it off. A refused change says why and leaves the
// switch as the server holds it.
import { Field, Switch } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { SetWaitlistPayload, WaitlistView } from '@tandem/core'
import { api } from '../../state/api.js'
import { errorMessageKey } from '../../shell/error.messages.js'
import { validation } from '../../shared/field.js'

const waitlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWaitlist: build.query<WaitlistView, { email: string }>({
      query: (body) => ({ url: '/api/MatchingTandem/GetWaitlist', method: 'POST', body }),
    }),
    setWaitlist: build.mutation<boolean, SetWaitlistPayload>({
      query: (body) => ({ url: '/api/MatchingTandem/SetWaitlist', method: 'POST', body }),
    }),
  }),
})

export const WaitlistSwitch = ({ email }: { readonly email: string }) => {
  const { t } = useTranslation()
  const waitlist = waitlistApi.useGetWaitlistQuery({ email })
  const [set, setState] = waitlistApi.useSetWaitlistMutation()
  if (waitlist.data === undefined) return null
  return (
    <Field
      validationState={setState.isError ? 'error' : 'none'}
      {...validation(setState.isError ? t(errorMessageKey(setState.error)) : undefined)}
    >
      <Switch
        id="waitlist"
        label={t('dashboard.waitlist')}
        checked={waitlist.data.enabled}
        disabled={setState.isLoading}
        onChange={(_e, data) => {
          void set({ email, enabled: data.checked })
            .unwrap()
            .then(() => waitlist.refetch())
            .catch(() => undefined)
        }}
      />
    </Field>
  )
}

export default WaitlistSwitch
