// The waitlist's switch on the no-match and team-ended panels (docs/matching.md#waitlist): "tell me
// when a mentor is found", on by default, with a sentence that says what the state means and a
// confirmation after a change. A lazy chunk with its own calls. The mail's stop page links to
// `/#waitlist`: the switch then takes the focus and scrolls into view. A refused change says why
// and leaves the switch as the server holds it.
import { useEffect, useState } from 'react'
import { Body1, Field, Switch, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import type { SetWaitlistPayload, WaitlistView } from '@tandem/core'
import { api } from '../../state/api.js'
import { errorMessageKey } from '../../shell/error.messages.js'
import { validation } from '../../shared/field.js'
import { LaterMessage } from '../../shared/LaterMessage.js'

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

const useStyles = makeStyles({ root: { display: 'flex', flexDirection: 'column', gap: '8px' } })

export const WaitlistSwitch = ({ email }: { readonly email: string }) => {
  const { t } = useTranslation()
  const styles = useStyles()
  const { hash } = useLocation()
  const waitlist = waitlistApi.useGetWaitlistQuery({ email })
  const [set, setState] = waitlistApi.useSetWaitlistMutation()
  // the state the person last chose, confirmed once the server holds it
  const [changedTo, setChangedTo] = useState<boolean | null>(null)
  const loaded = waitlist.data !== undefined
  useEffect(() => {
    if (!loaded || hash !== '#waitlist') return
    // the switch's input carries the id (Fluent's Switch puts the id on its input)
    const toggle = document.getElementById('waitlist')
    toggle?.scrollIntoView?.({ block: 'center' })
    toggle?.focus()
  }, [loaded, hash])
  if (waitlist.data === undefined) return null
  const enabled = waitlist.data.enabled
  return (
    <div className={styles.root}>
      <Body1>{t(enabled ? 'dashboard.waitlistOn' : 'dashboard.waitlistOff')}</Body1>
      <Field
        validationState={setState.isError ? 'error' : 'none'}
        {...validation(setState.isError ? t(errorMessageKey(setState.error)) : undefined)}
      >
        <Switch
          id="waitlist"
          label={t('dashboard.waitlist')}
          checked={enabled}
          disabled={setState.isLoading}
          onChange={(_e, data) => {
            setChangedTo(null)
            void set({ email, enabled: data.checked })
              .unwrap()
              .then(() => waitlist.refetch())
              .then(() => setChangedTo(data.checked))
              .catch(() => undefined)
          }}
        />
      </Field>
      {changedTo !== null && changedTo === enabled && (
        <LaterMessage intent="success" role="status">
          {t(enabled ? 'dashboard.waitlistTurnedOn' : 'dashboard.waitlistTurnedOff')}
        </LaterMessage>
      )}
    </div>
  )
}

export default WaitlistSwitch
