// Data privacy policy, with the analytics cookies and the opt-out the visitor can set here.
import { useState } from 'react'
import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Sections } from './LegalFrame.js'

export const ANALYTICS_OPT_OUT_KEY = 'tandem.analytics-opt-out'
export const PRIVACY_SECTIONS = ['controller', 'data', 'purpose', 'analytics', 'rights'] as const

const PrivacyPage = () => {
  const { t } = useTranslation()
  const [optedOut, setOptedOut] = useState(() => window.localStorage.getItem(ANALYTICS_OPT_OUT_KEY) === '1')
  return (
    <article>
      <h1>{t('legal.privacy.title')}</h1>
      <Sections base="legal.privacy.sections" keys={PRIVACY_SECTIONS} />
      <section aria-labelledby="opt-out">
        <h2 id="opt-out">{t('legal.privacy.optOut.title')}</h2>
        <p>{t('legal.privacy.optOut.text')}</p>
        {optedOut ? (
          <MessageBar intent="success">
            <MessageBarBody>{t('legal.privacy.optOut.done')}</MessageBarBody>
          </MessageBar>
        ) : (
          <Button
            onClick={() => {
              window.localStorage.setItem(ANALYTICS_OPT_OUT_KEY, '1')
              document.cookie = `${ANALYTICS_OPT_OUT_KEY}=1; path=/; max-age=${60 * 60 * 24 * 365 * 5}; SameSite=Lax`
              setOptedOut(true)
            }}
          >
            {t('legal.privacy.optOut.button')}
          </Button>
        )}
      </section>
    </article>
  )
}
export default PrivacyPage
