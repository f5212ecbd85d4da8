// The paused mentor's panel (docs/product.md#dashboard, docs/product.md#errors: "profile paused"):
// the profile was published but matching is disabled, so the mentor is not in the pool; it points
// to the toggle that turns matching on.
import { Body1, Button, Card, CardHeader, Subtitle2 } from '@fluentui/react-components'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'

export const PausedPanel = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Card role="group" aria-labelledby="Mentor-paused">
      <CardHeader
        header={
          <Subtitle2 as="h3" id="Mentor-paused">
            {t('dashboard.panels.paused.mentor.title')}
          </Subtitle2>
        }
      />
      <Body1>{t('dashboard.panels.paused.mentor.text')}</Body1>
      <Button appearance="primary" onClick={() => void navigate('/user/mentor-profile')}>
        {t('dashboard.panels.paused.mentor.action')}
      </Button>
    </Card>
  )
}
