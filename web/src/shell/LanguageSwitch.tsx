// The English / Deutsch switch (docs/product.md#navigation): in the navigation bar, and in the frame
// of the public pages (legal pages, the check-in and waitlist links of the mails), which have no bar.
import { Button } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { Language } from '@tandem/core'
import { useLanguage } from './language.js'

export const LanguageSwitch = ({
  className,
  onSwitch,
}: {
  readonly className?: string
  /** What a press does instead of switching the interface language (a page whose address names its language). */
  readonly onSwitch?: (language: Language) => void
}) => {
  const { t } = useTranslation()
  const { language, switchTo } = useLanguage()
  const press = (l: Language) => (onSwitch === undefined ? void switchTo(l) : onSwitch(l))
  return (
    <div className={className} role="group" aria-label={t('nav.language')}>
      <Button
        size="small"
        appearance={language === 'en' ? 'primary' : 'secondary'}
        aria-pressed={language === 'en'}
        lang="en"
        onClick={() => press('en')}
      >
        English
      </Button>
      <Button
        size="small"
        appearance={language === 'de' ? 'primary' : 'secondary'}
        aria-pressed={language === 'de'}
        lang="de"
        onClick={() => press('de')}
      >
        Deutsch
      </Button>
    </div>
  )
}
