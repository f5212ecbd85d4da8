// Terms and conditions with every term docs/product.md#legal-pages lists.
import { useTranslation } from 'react-i18next'
import { Sections } from './LegalFrame.js'

export const TERMS_SECTIONS = [
  'conclusion',
  'prices',
  'delivery',
  'confirmation',
  'withdrawal',
  'refund',
  'warranty',
  'law',
  'service',
] as const

const TermsPage = () => {
  const { t } = useTranslation()
  return (
    <article>
      <h1>{t('legal.terms.title')}</h1>
      <Sections base="legal.terms.sections" keys={TERMS_SECTIONS} />
    </article>
  )
}
export default TermsPage
