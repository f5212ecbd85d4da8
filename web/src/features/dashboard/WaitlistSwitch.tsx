// The waitlist's switch on the no-match panel (docs/matching.md#waitlist): "tell me when a mentor is
// found", on by default. A lazy chunk with its own calls and texts: the dashboard's cold load stays
// within its budget (web/bundle.budget.ts). The mail's link leads here (#waitlist); one click turns it off.
import { Switch } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { SetWaitlistPayload, WaitlistView } from '@tandem/core'
import { api } from '../../state/api.js'

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

const LABEL = {
  en: 'Tell me when a mentor is found',
  de: 'Benachrichtigen Sie mich, wenn ein Mentor gefunden ist',
} as const

export const WaitlistSwitch = ({ email }: { readonly email: string }) => {
  const { i18n } = useTranslation()
  const waitlist = waitlistApi.useGetWaitlistQuery({ email })
  const [set, setState] = waitlistApi.useSetWaitlistMutation()
  if (waitlist.data === undefined) return null
  return (
    <Switch
      id="waitlist"
      label={i18n.resolvedLanguage === 'de' ? LABEL.de : LABEL.en}
      checked={waitlist.data.enabled}
      disabled={setState.isLoading}
      onChange={(_e, data) => {
        void set({ email, enabled: data.checked })
          .unwrap()
          .then(() => waitlist.refetch())
      }}
    />
  )
}

export default WaitlistSwitch
