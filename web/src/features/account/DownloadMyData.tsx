// "Download my data" (GDPR Art. 15 and 20): asks the server to prepare the archive, shows how far
// the preparation got (polling its state), and saves the zip once it is ready.
import { useEffect, useState } from 'react'
import { Button, Field, MessageBar, MessageBarBody, ProgressBar } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useAppSelector } from '../../state/hooks.js'
import { apiUrl } from '../../state/config.js'
import { selectConfig } from '../../state/session.slice.js'
import { useAuth } from '../../shell/services.context.js'
import { filenameOf, saveFile } from '../../shared/file.download.js'
import { useGetMyDataStatusQuery, usePrepareMyDataMutation } from '../../shared/api/account.api.js'

type Phase = 'idle' | 'preparing' | 'saved' | 'failed'

export const DownloadMyData = ({ email }: { readonly email: string }) => {
  const { t } = useTranslation()
  const auth = useAuth()
  const config = useAppSelector(selectConfig)
  const [phase, setPhase] = useState<Phase>('idle')
  const [prepare] = usePrepareMyDataMutation()
  const job = useGetMyDataStatusQuery({ email }, { skip: phase !== 'preparing', pollingInterval: 400 })
  const state = job.data?.state
  const progress = job.data?.progress ?? 0

  const failed = phase === 'failed' || (phase === 'preparing' && (state === 'failed' || job.isError))
  const preparing = phase === 'preparing' && !failed

  useEffect(() => {
    if (phase !== 'preparing' || state !== 'ready') return
    const fetchArchive = async () => {
      const token = await auth.accessToken()
      // the network failing, before the answer or while the archive comes in, is a failed download
      const response = await fetch(
        `${apiUrl(config?.apiBaseUrl ?? '', '/api/Account/DownloadMyData')}?emailId=${encodeURIComponent(email)}`,
        {
          headers: token === null ? {} : { authorization: `Bearer ${token}` },
        },
      )
      if (!response.ok) return setPhase('failed')
      saveFile(await response.blob(), filenameOf(response.headers.get('content-disposition'), 'tandem-my-data.zip'))
      setPhase('saved')
    }
    fetchArchive().catch(() => setPhase('failed'))
  }, [phase, state, auth, config, email])

  const start = async () => {
    const started = await prepare({ emailId: email })
    setPhase('error' in started ? 'failed' : 'preparing')
  }

  return (
    <>
      <Button disabled={preparing} onClick={() => void start()}>
        {t('account.download.open')}
      </Button>
      {preparing && (
        <Field label={t('account.download.preparing')} validationState="none" hint={`${progress} %`}>
          <ProgressBar value={progress / 100} thickness="large" aria-label={t('account.download.preparing')} />
        </Field>
      )}
      {phase === 'saved' && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('account.download.saved')}</MessageBarBody>
        </MessageBar>
      )}
      {failed && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('account.download.failed')}</MessageBarBody>
        </MessageBar>
      )}
    </>
  )
}
