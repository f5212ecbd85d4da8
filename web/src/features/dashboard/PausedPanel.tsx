// The paused mentor's panel (SPEC §4, §8 "profile paused"): the profile was published but matching
// is disabled, so the mentor is not in the pool; it points to the toggle that turns matching on.
import { Body1, Button, Card, CardHeader, Text } from '@fluentui/react-components'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'

export const PausedPanel = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Card aria-labelledby="Mentor-paused">
      <CardHeader
        header={
          <Text as="h3" weight="semibold" id="Mentor-paused">
            {t('dashboard.panels.paused.mentor.title')}
          </Text>
        }
      />
      <Body1>{t('dashboard.panels.paused.mentor.text')}</Body1>
      <Button appearance="primary" onClick={() => void navigate('/user/mentor-profile')}>
        {t('dashboard.panels.paused.mentor.action')}
      </Button>
    </Card>
  )
}
