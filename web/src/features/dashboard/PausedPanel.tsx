// The paused mentor's panel (docs/product.md#dashboard, docs/product.md#errors: "profile paused"):
// the profile was published but matching is disabled, so the mentor is not in the pool; it points
// to the toggle that turns matching on.
import { Body1, Button } from '@fluentui/react-components'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useSurfaceStyles } from './surface.styles.js'

export const PausedPanel = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const surface = useSurfaceStyles()
  return (
    <div role="group" className={surface.card} aria-labelledby="Mentor-paused">
      <h3 className={surface.title} id="Mentor-paused">
        {t('dashboard.panels.paused.mentor.title')}
      </h3>
      <Body1>{t('dashboard.panels.paused.mentor.text')}</Body1>
      <Button appearance="primary" onClick={() => void navigate('/user/mentor-profile')}>
        {t('dashboard.panels.paused.mentor.action')}
      </Button>
    </div>
  )
}
