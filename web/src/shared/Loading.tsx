// What a screen shows while its data load: the spinner with its label, announced politely.
import { useTranslation } from 'react-i18next'
import { Busy } from './Busy.js'

export const Loading = ({ label }: { readonly label?: string }) => {
  const { t } = useTranslation()
  return <Busy role="status" label={label ?? t('common.loading')} />
}
